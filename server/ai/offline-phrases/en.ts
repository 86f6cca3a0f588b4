import type { PhraseBank } from './types';

const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export const en: PhraseBank = {
  defaultRole: 'Decision maker',
  generalIndustry: 'General business',
  companySize: (n) => `About ${n.toLocaleString('en-US')} employees`,
  situation: (p) =>
    `Today we handle this with ${p.tools}, and a lot of it is still done by hand. It works, but it is starting to show its limits.`,
  atCompany: (company) => `Here at ${company},`,
  toolsFallback: 'spreadsheets and our own processes',
  and,
  genericPains: [
    'Too much of this is manual work, so the team is slow and mistakes slip through.',
    'I do not have numbers I trust when I have to make a decision.',
    'The way we work today will not keep up with our growth.',
  ],
  genericGoals: (product) => [
    `I want to know whether ${product} can fix this without turning my team upside down.`,
    'I need to show measurable results to leadership this year.',
  ],
  goalFromSource: (item) => `What I would like is ${item.replace(/[.!?]*$/, '')}.`,
  objections: [
    {
      mild: 'I am not sure we have the budget for {product} right now.',
      sharp: 'Frankly, this looks expensive. Why would we pay that when money is tight?',
      surfaces: 'When the rep mentions pricing.',
      moment: 'price',
    },
    {
      mild: 'The timing is not ideal; we have other priorities this quarter.',
      sharp: 'We have ten higher priorities this quarter. Why should this jump the queue?',
      surfaces: 'Early in the call, right after the introduction.',
      moment: 'opening',
    },
    {
      mild: 'We already work with {competitor}, and it is mostly fine.',
      sharp: 'We already use {competitor}. Switching is a risk I am not willing to take without a very good reason.',
      surfaces: 'When the rep starts presenting the solution or compares it with others.',
      moment: 'competition',
    },
    {
      mild: 'I worry about how long it would take to roll this out.',
      sharp: 'Our last implementation took a year and failed. What makes you different?',
      surfaces: 'When the rep talks about implementation or onboarding.',
      moment: 'implementation',
    },
    {
      mild: 'I would need to check with my team before going further.',
      sharp: 'This is not my decision alone, and I will not bring it to my boss without hard numbers.',
      surfaces: 'When the rep asks for a commitment or a next step.',
      moment: 'next_step',
    },
    {
      mild: 'How do I know this will work for a company like ours?',
      sharp: 'Every vendor promises results. Show me proof from a company like ours or stop wasting my time.',
      surfaces: 'After the rep describes the benefits.',
      moment: 'proof',
    },
    {
      mild: 'Our IT people will have questions about security and integration.',
      sharp: 'If this does not pass our security review and integrate with our systems, it is a non-starter.',
      surfaces: 'When the rep mentions data, integration or the rollout.',
      moment: 'implementation',
    },
    {
      mild: 'Honestly, I am not sure this is a priority for us yet.',
      sharp: 'I have heard a lot of pitches like this. So far I do not see why this matters for us.',
      surfaces: 'During discovery, once the rep has asked a few questions.',
      moment: 'discovery',
    },
  ],
  proofObjection: (claim) =>
    claim
      ? `You say that ${claim.replace(/[.!?]*$/, '')}. Every vendor has a story like that. Why would it be true for us?`
      : 'Every vendor shows me a success story. Why would it work for us?',
  priceObjection: (amount) => `I have seen your prices. ${amount} adds up quickly for a team like ours.`,
  sourcedSurfaces: {
    opening: 'Early in the call.',
    discovery: 'During discovery.',
    pitch: 'When the rep presents the solution.',
    price: 'When the rep mentions pricing.',
    proof: 'When the rep claims results.',
    competition: 'When the rep compares with an alternative.',
    implementation: 'When the rep talks about the rollout.',
    next_step: 'When the rep asks for a next step.',
  },
  pushBack: (n) =>
    n === 1
      ? 'Pushes back once if the first answer is generic.'
      : `Pushes back up to ${n} times and repeats it later if not fully resolved.`,
  hidden: [
    {
      topic: 'pain',
      information: 'The problem has already caused {n} customer complaints this quarter.',
      said: 'What really hurts is that this has cost us {n} complaints from customers this quarter alone.',
    },
    {
      topic: 'situation',
      information: 'Half of the team works around the official process with private spreadsheets.',
      said: 'Truth be told, half my team does not even follow the official process. They keep their own spreadsheets.',
    },
    {
      topic: 'impact',
      information: 'The team loses about {n} hours a week to manual work in this area.',
      said: 'If I am honest, we burn around {n} hours every week on manual work here.',
    },
    {
      topic: 'timing',
      information: 'The real deadline is a board review in {month}.',
      said: 'What I have not said yet: this goes to our board in {month}, so that is my real deadline.',
    },
    {
      topic: 'decision',
      information: 'A second stakeholder, {role}, can veto the purchase.',
      said: 'It is not only me. {OurRole} has to agree as well, and can stop it.',
    },
    {
      topic: 'history',
      information: 'A previous attempt to fix this problem failed because of poor adoption.',
      said: 'We tried to fix this once before, and it died because nobody used the new tool.',
    },
    {
      topic: 'budget',
      information: 'There is unused budget of about {k},000 that must be spent before the end of the fiscal year.',
      said: 'Between us, I have about {k},000 left this year, and I lose it if I do not spend it before year end.',
    },
    {
      topic: 'motivation',
      information: 'The prospect’s own bonus depends on improving this metric this year.',
      said: 'Personally, part of my bonus this year depends on getting this number right.',
    },
    {
      topic: 'current_solution',
      information: 'The current vendor contract can be cancelled with 60 days’ notice.',
      said: 'Actually, I can get out of our current contract with sixty days’ notice.',
    },
  ],
  stakeholders: {
    it: { note: 'the head of IT', said: 'our head of IT', team: 'IT' },
    finance: { note: 'the CFO', said: 'our CFO', team: 'Finance' },
    ceo: { note: 'the CEO', said: 'our CEO', team: 'the CEO' },
    board: { note: 'the board', said: 'our board', team: 'the board' },
    operations: { note: 'the head of operations', said: 'our head of operations', team: 'Operations' },
    procurement: { note: 'procurement', said: 'procurement', team: 'Procurement' },
  },
  revealForCriterion: (c, high) => `Shared only when the rep shows “${c}”: ${high}`,
  sourcedInformation: (f) => `From the inputs of this scenario: “${f}”`,
  revealSourced: 'Shared only when the rep asks an open question on this topic.',
  successForCriterion: (c, high) => `The rep meets “${c}” at the high level: ${high}`,
  successByDifficulty: {
    easy: 'The rep proposes a clear next step; the prospect agrees readily.',
    medium: 'The rep links the offer to a stated pain and proposes a concrete follow-up meeting.',
    hard: 'The rep quantifies the pain, maps the decision process and proposes a specific, low-risk next step.',
    expert:
      'The rep handles every objection, uncovers the hidden information and secures a dated next step with the right people.',
  },
  budget: {
    easy: () => 'We set budget aside for this kind of project this year.',
    medium: () => 'There is some budget, but I would have to justify it against other projects.',
    hard: () => 'Nothing is allocated. I would have to take the money from another project.',
    expert: (approver) =>
      `Budgets were just cut. Any spend needs a clear return within six months, and ${approver} has to sign it off.`,
  },
  timeline: {
    easy: 'I would like to have something in place next quarter.',
    medium: 'We want to decide in the next three to six months.',
    hard: 'There is no fixed date. This keeps slipping behind other priorities.',
    expert: 'Honestly, there is no urgency on our side.',
  },
  decision: {
    easy: () => 'I can approve this myself after a quick review with my team.',
    medium: ({ approver }) => `I recommend it, and ${approver} signs off once there is a business case.`,
    hard: ({ others }) => `I recommend, but ${others} have to agree, and we always compare several vendors.`,
    expert: ({ approver, others }) =>
      `I am one voice in a buying committee with ${others}. ${approver.charAt(0).toUpperCase()}${approver.slice(1)} has the final say, and we need three quotes.`,
  },
  competitorsFallback: [
    'A well-known incumbent vendor',
    'Spreadsheets and an in-house process',
    'A cheaper niche tool',
  ],
  thisProduct: 'this solution',
  learnerRoles: {
    sales_representative: 'a sales representative',
    account_executive: 'an account executive',
    sales_manager: 'a sales manager',
    business_development: 'a business development representative',
  },
  summary: (p) =>
    `You are ${p.learnerRole} calling ${p.name}, ${p.role} at ${p.company} (${p.industry.charAt(0).toLowerCase()}${p.industry.slice(1)}, ${p.size.charAt(0).toLowerCase()}${p.size.slice(1)}). ${p.company} may benefit from ${p.product}.`,
  knowledgeBackground: (facts) => `From your own material: ${facts.map((f) => `“${f}”`).join(' ')}`,
  drillMoment: (quote, criterion) =>
    `This drill replays a moment of your own call, where “${criterion}” scored low: “${quote}”. The customer will raise the same points; this time, handle them.`,
  callGoal: (useCase, product) =>
    useCase
      ? `Goal of the call (${useCase}): understand the situation with good questions, connect ${product} to real needs and agree on a next step.`
      : `Goal of the call: understand the situation with good questions, connect ${product} to real needs and agree on a next step.`,
  difficultyNote: {
    easy: 'The prospect is open and friendly.',
    medium: 'The prospect is busy and will not volunteer much.',
    hard: 'The prospect is guarded and will push back.',
    expert: 'The prospect is sceptical, short on time and will challenge you.',
  },
  opening: {
    easy: (name, company) => `Hi, this is ${name} from ${company}. Thanks for calling — what can I do for you?`,
    medium: (name) => `${name} speaking. I have a few minutes — what is this about?`,
    hard: (name) => `${name}. I am between meetings, so please be quick. What do you want?`,
    expert: (name) =>
      `${name}. I get a lot of these calls. You have two minutes to tell me why I should keep listening.`,
  },
  traits:
    /(?<![\p{L}])(?:speaks?|talks?|likes?|dislikes?|hates?|loves?|respects?|prefers?|enjoys?|tone|calm|calmly|friendly|warm|chatty|patient|impatient|sceptical|skeptical|precise|fair|pragmatic|polite|blunt|direct|agreeable|avoids?|notices?|assumes?|believes?|thinks in|checks (?:his|her) phone|personality|came up as|says "|says “|often says)(?![\p{L}])/iu,
};
