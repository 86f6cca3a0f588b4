import type { ProspectLines } from './types';

export const en: ProspectLines = {
  greeting: {
    easy: (name, company) => [
      company ? `Hi, ${name} from ${company} speaking. How can I help?` : `Hi, this is ${name}. How can I help?`,
      `Hello, ${name} here. What can I do for you?`,
    ],
    medium: (name) => [`${name} speaking.`, `Yes, ${name} here. Who is this?`],
    hard: (name) => [`${name}. I am between meetings — what is it?`, `${name}. Make it quick, please.`],
    expert: (name) => [
      `${name}. I have a hard stop in a few minutes. What do you want?`,
      `${name}. Who is this and why are you calling me?`,
    ],
  },
  timeCheck: {
    easy: ['Sure, I have a few minutes. What is on your mind?', 'Yes, this works. Go ahead.'],
    medium: ['I have about fifteen minutes. What is this about?', 'A few minutes, yes. What do you need?'],
    hard: ['Not really, but go on. Keep it short.', 'Five minutes. Go.'],
    expert: ['No, it is not a great time. You have two minutes.', 'Honestly, no. Tell me why I should listen.'],
  },
  howAreYou: {
    easy: ['Fine, thanks, busy as always. What can I do for you?', 'Good, thank you. What is this about?'],
    medium: ['Busy. What is this about?', 'Fine. What can I do for you?'],
    hard: ['Busy. What do you want?', 'Let us skip the small talk. Why are you calling?'],
    expert: ['I do not have time for small talk. What is this about?', 'Skip that. Why are you calling?'],
  },
  afterIntro: {
    easy: ['Okay, nice to meet you. What would you like to talk about?', 'Sure. What is on your mind?'],
    medium: ['Okay. What is this about?', 'And what can I do for you?'],
    hard: ['And? What do you want from me?', 'Get to the point, please.'],
    expert: ['I get a lot of these calls. Why should I care?', 'So? What is in it for me?'],
  },
  ack: {
    easy: ['Okay.', 'Right.', 'I see.'],
    medium: ['Okay.', 'Right.', 'Hm.'],
    hard: ['Hm.', 'And?', 'Okay.'],
    expert: ['And?', 'So?', 'Hm.'],
  },
  acknowledged: {
    easy: ['It really is. Thanks for saying that.', 'Yes, exactly. It is frustrating.'],
    medium: ['It is, yes.', 'That is fair to say.'],
    hard: ['It is. Now what?', 'Yes. And?'],
    expert: ['I do not need sympathy. I need a reason to keep talking.', 'Spare me that. What is your point?'],
  },
  leadIn: {
    easy: ['Well,', 'Honestly,', 'Good question.', 'Let me think.'],
    medium: ['Well,', '', 'Honestly,'],
    hard: ['', 'Briefly,', ''],
    expert: ['', '', 'Fine.'],
  },
  revealLeadIn: ['Since you ask.', 'Okay, I will be honest with you.', 'Good question, actually.', 'Between us.'],
  alsoLeadIn: ['And another thing.', 'Also,', 'On top of that,'],
  hint: {
    situation: 'And what happens in practice is not quite what the process says.',
    pain: 'And there is one problem I have not even mentioned yet.',
    impact: 'It costs us more than I would like to admit, to be honest.',
    goal: 'There is something specific I am aiming for this year.',
    timing: 'And timing matters more than it looks.',
    budget: 'Budget is not as simple as it sounds, either.',
    decision: 'And I am not the only one who decides this.',
    history: 'We have tried something like this before, by the way.',
    motivation: 'And this matters to me personally, too.',
    current_solution: 'Our current setup is not set in stone, either.',
    competition: 'We are not only talking to you, of course.',
    technical: 'Our IT people will have their own views on this.',
    company: 'There is more going on here than you would think.',
  },
  topicFallback: {
    situation: ['We manage, but it is not pretty.', 'It works, more or less.'],
    pain: [
      'There are a few things that bother me, nothing dramatic.',
      'The usual things. Nothing I would call a crisis.',
    ],
    impact: ['I have not put a number on it.', 'Hard to say exactly. It costs us time.'],
    goal: ['Mostly, I want fewer surprises.', 'I want this to run without me chasing people.'],
    timing: ['There is no date set in stone.', 'When it makes sense. No rush.'],
    budget: ['It depends on what it is and what it brings.', 'Budget follows value. Show me the value first.'],
    decision: ['That depends on the size of it.', 'The usual process. Nothing special.'],
    history: ['We have looked at things before, like everyone.', 'Nothing worth talking about.'],
    motivation: ['It is part of my job to get this right.', 'Because it is my responsibility.'],
    current_solution: ['We have what we have, and it mostly works.', 'Our current setup does the job, more or less.'],
    competition: ['We always look at more than one option.', 'I talk to several vendors. That is normal.'],
    technical: ['IT will look at that when the time comes.', 'That is for my IT colleagues, not for me.'],
    company: ['We are doing fine, thanks.', 'We are a busy company. Let us leave it at that.'],
  },
  guarded: ['Why do you ask?', 'That depends.', 'It is a bit early to get into that.', 'Let us not go there yet.'],
  closedShort: {
    easy: ['Yes, more or less.', 'Yes, I would say so.', 'Not really, no.'],
    medium: ['More or less.', 'Yes.', 'Sort of.'],
    hard: ['Yes.', 'No.', 'Maybe.'],
    expert: ['Yes. And?', 'No.', 'Why?'],
  },
  broad: ['That is a very broad question. What exactly do you want to know?', 'Where do I start? Be more specific.'],
  unclear: [
    'Sorry, I am not sure what you mean.',
    'What do you mean by that?',
    'I did not quite follow. What are you asking?',
  ],
  repeatLine: ['You just said that.', 'You are repeating yourself.', 'I heard you the first time.'],
  alreadyTold: ['I already told you about that.', 'We covered that a minute ago.'],
  asISaid: ['As I said,', 'Like I told you,'],
  company: (company, employees) => [
    company && employees
      ? `We are ${company}, about ${employees.toLocaleString('en-US')} people.`
      : company
        ? `We are ${company}. We are not a small shop.`
        : 'We are a mid-sized company, and growing.',
  ],
  competition: (names) => [
    names.length
      ? `We have looked at ${names.slice(0, 2).join(' and ')}, among others.`
      : 'We always look at a few options.',
  ],
  pitchTooEarly: {
    easy: ['Hold on, you do not even know what we do yet.', 'Wait, let me tell you how we work first.'],
    medium: ['You are selling before you know anything about us.', 'Slow down. You do not know our situation yet.'],
    hard: ['Stop. You have not asked me a single thing and you are already pitching.', 'I did not ask for a pitch.'],
    expert: [
      'That is a pitch, and I did not ask for one.',
      'You know nothing about us and you are already selling. Not a good start.',
    ],
  },
  pitchReaction: {
    easy: ['Sounds interesting. How would that work for us?', 'Okay, that could be useful.'],
    medium: ['Everybody says that. What does it mean for us?', 'Okay. So what?'],
    hard: ['Every vendor says that.', 'I have heard that before.'],
    expert: ['Marketing talk. Give me something concrete or let us stop here.', 'Words. I hear them every day.'],
  },
  getToThePoint: ['Get to the point, please.', 'That was a lot of words. What is your question?'],
  objectionLead: ['Let me stop you there.', 'Before we go on, one thing.', 'One thing, though.', 'Honestly, though.'],
  objectionDetail: {
    opening: ['We are in the middle of other projects, and I have no room for anything new.'],
    discovery: ['I just do not see yet why this should be on my list.'],
    pitch: ['Everyone tells me their product is the best. I need to see why it matters here.'],
    price: ['It is the money. Every new cost gets questioned right now.'],
    proof: ['I need to see it work somewhere like here, not on a slide.'],
    competition: ['Switching means risk and work, and what we have more or less works.'],
    implementation: ['My team has no time for a long project, and the last one hurt.'],
    next_step: ['I do not commit to things I cannot justify internally.'],
  },
  pushBack: [
    ['That is what everyone says. Why would it be different with you?', 'That is a bit generic. Can you be concrete?'],
    ['I am still not convinced. Give me something specific.', 'You are not really answering my concern.'],
    ['We are going in circles. What would you actually do about it?', 'I need more than that.'],
  ],
  accept: {
    easy: ['Okay, that makes sense.', 'Fair enough, that helps.'],
    medium: ['Okay, that is a fair answer.', 'Alright, I can live with that.'],
    hard: ['Fine. That is at least concrete.', 'Okay. That is a real answer.'],
    expert: ['Fine. I will accept that for now.', 'That is better. Go on.'],
  },
  acceptGrudging: ['Fine, let us move on.', 'Okay, let us leave it there for now.'],
  unresolved: ['I am not convinced, but go on.', 'That does not really answer it. Anyway, go on.'],
  ignoredObjection: ['You have not answered my concern.', 'You skipped my question.'],
  nextStep: {
    vague: [
      'When exactly? Give me a day and a time.',
      'Next week is vague. Which day?',
      'Be specific. What day, what time?',
    ],
    noAction: ['And what would we do then?', 'For what exactly?'],
    agree: (when) => [
      `Alright. ${when} works. Send me an invitation.`,
      `Okay, let us do ${when}. Put it in my calendar.`,
    ],
    afterAgreement: (when) => [`We are set for ${when}.`, `Good, ${when} it is.`],
    notReady: {
      discovery: [
        'It is too early for that. You do not know anything about us yet.',
        'Slow down. I do not see yet how this fits us.',
      ],
      pain: [
        'I still do not see which problem of ours this solves.',
        'Why would I meet again? You have not shown me what this fixes for us.',
      ],
      impact: [
        'You have not shown me what this is worth to us.',
        'I cannot sell a meeting internally without knowing what is at stake.',
      ],
      decision: [
        'You do not even know who needs to be involved.',
        'Before that, you should know how we decide things here.',
      ],
      objections: ['Not while my concerns are still open.', 'You have not answered what I raised.'],
      hidden: [
        'I am not there yet. You have not really understood our situation.',
        'There is more to this than you have found out. Not yet.',
      ],
    },
  },
  tone: {
    rude: ['Excuse me? There is no need to talk to me like that.', 'Watch your tone, please.'],
    rudeHangup: ['I am not going to continue this conversation. Goodbye.', 'That is enough. Goodbye.'],
    pressure: ['I do not like being pushed.', 'Do not rush me. That will not work with me.'],
    pressureHangup: ['I said I do not like being pushed. We are done here. Goodbye.'],
    interrupted: {
      easy: ['Oh, sorry, go ahead.', 'Let me just finish.'],
      medium: ['Let me finish, please.', 'Can I finish?'],
      hard: ['Do not interrupt me.', 'I was talking.'],
      expert: ['Do not talk over me.', 'If you keep interrupting, this call is over.'],
    },
  },
  impatient: [
    "I don't have much time. What exactly do you want to know?",
    'Where is this going? I have another meeting soon.',
    'Is there a question in there?',
  ],
  patienceHangup: [
    "Sorry, I don't think this is a fit for us right now. I have to go. Goodbye.",
    'I have to go, this is not leading anywhere. Goodbye.',
  ],
  timeWarning: ['I need to wrap up in a minute.', 'I only have a minute left.'],
  timeHangup: ['I am out of time. I have to jump into my next meeting. Goodbye.'],
  goodbye: ['Thanks for calling. Goodbye.', 'Okay. Bye.'],
  goodbyeAgreed: (when) => [`Thanks. Talk to you ${when}. Bye.`, `Great, see you ${when}. Goodbye.`],
  afterGoodbye: ['I have to go now. Bye.'],
  thanks: ['You are welcome.', 'Sure.'],
};
