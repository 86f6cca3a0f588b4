import type { ScorecardCriterion, ScorecardIcon } from '../../contracts/scorecards';

/**
 * Demo scorecards for well-known sales methodologies, written for Spar. The level texts describe
 * what a listener can observe in a call transcript: the evaluator scores calls against them, so
 * each level names concrete rep behaviour and the three levels of a criterion do not overlap.
 * The seed (seed/scorecards.ts) writes them for the demo tenant; the offline evaluator
 * (./rubrics.ts) recognises their criteria, so they live here, beside it.
 */
type SeedCriterion = Omit<ScorecardCriterion, 'id' | 'position'>;

export interface SeedScorecard {
  name: string;
  icon: ScorecardIcon;
  shortDescription: string;
  longDescription: string;
  criteria: SeedCriterion[];
}

export const DEMO_SCORECARDS: SeedScorecard[] = [
  {
    name: 'Discovery (SPIN)',
    icon: 'search',
    shortDescription: 'Uncover the buyer’s situation, problems and their cost before pitching anything.',
    longDescription:
      'A discovery call built on the SPIN sequence: the rep maps the prospect’s current situation, surfaces problems, ' +
      'explores what those problems cost the business, and lets the prospect say in their own words why solving them matters. ' +
      'Good discovery sounds like a curious conversation, not an interrogation: the prospect talks most of the time, and the rep ' +
      'builds each question on the previous answer. Product talk before the need is established counts against the rep.',
    criteria: [
      {
        name: 'Situation questions',
        description:
          'Establishes the facts of the prospect’s current setup (team, process, tools, volumes) with a few focused questions.',
        includeInScenario: true,
        levelZero:
          'Asks no questions about the prospect’s current setup, or jumps straight into presenting the product.',
        levelLow:
          'Asks some background questions, but they are generic (“tell me about your company”) or so many that the call feels like a survey; facts the rep could have researched are asked anyway.',
        levelHigh:
          'Asks two to four targeted questions about the current process, tools, team or volumes, references something already known about the prospect, and moves on once the picture is clear.',
      },
      {
        name: 'Problem questions',
        description: 'Surfaces difficulties, dissatisfactions or gaps in how the prospect works today.',
        includeInScenario: true,
        levelZero:
          'Never asks about difficulties or dissatisfaction; any problem mentioned comes unprompted from the prospect and is not explored.',
        levelLow:
          'Asks whether the prospect has problems in a closed or leading way (“Do you struggle with X?”) and accepts the first answer without probing.',
        levelHigh:
          'Uses open questions to uncover at least one specific problem (“Where does that process break down?”), then asks a follow-up that gets the prospect to describe it concretely, with an example or frequency.',
      },
      {
        name: 'Implication questions',
        description: 'Explores the consequences of the problem: cost, time, risk, impact on other teams or goals.',
        includeInScenario: true,
        levelZero: 'Does not explore consequences; moves from the problem straight to the product.',
        levelLow:
          'States the consequences for the prospect (“that must cost you a lot”) instead of asking, or asks once and does not follow the answer.',
        levelHigh:
          'Asks the prospect to describe the knock-on effects (on revenue, time, customers, other teams or their own goals) and, where possible, gets them to put a number or a concrete example on the impact.',
      },
      {
        name: 'Need-payoff questions',
        description: 'Gets the prospect to state the value of solving the problem in their own words.',
        includeInScenario: false,
        levelZero: 'Never invites the prospect to describe the benefit of a solution; the rep only pitches features.',
        levelLow: 'Asks a yes/no value question (“Would it help if…?”) or answers it on the prospect’s behalf.',
        levelHigh:
          'Asks open questions such as “If that were solved, what would it mean for your team?” and lets the prospect articulate the benefit, then connects the next step to that stated benefit.',
      },
      {
        name: 'Active listening',
        description: 'Shows that the prospect’s answers were heard and shape the conversation.',
        includeInScenario: false,
        levelZero:
          'Interrupts or talks over the prospect, ignores what was just said, or follows a script regardless of the answers; the rep speaks most of the time.',
        levelLow:
          'Lets the prospect finish and acknowledges answers with fillers (“great”, “ok”), but rarely refers back to them or paraphrases.',
        levelHigh:
          'Paraphrases or summarises key points back to the prospect (“So if I heard you right…”), uses the prospect’s own words in later questions, and the prospect clearly does most of the talking.',
      },
    ],
  },
  {
    name: 'MEDDIC Qualification',
    icon: 'target',
    shortDescription:
      'Qualify the opportunity: metrics, economic buyer, decision criteria and process, pain and champion.',
    longDescription:
      'A qualification conversation using MEDDIC. By the end of the call the rep should know whether the deal is real and how it ' +
      'will be decided: the measurable outcome the buyer wants, who owns the budget, how options will be compared, the steps and ' +
      'dates to a signature, the pain that drives the project, and who inside the account will sell on the rep’s behalf. ' +
      'Each element is scored on whether the rep actually obtained the information, not on whether the topic was mentioned.',
    criteria: [
      {
        name: 'Metrics',
        description:
          'Identifies the measurable business outcome the prospect expects and how they will measure success.',
        includeInScenario: true,
        levelZero: 'No discussion of measurable outcomes; success is left undefined.',
        levelLow:
          'Hears a vague goal (“be more efficient”, “grow revenue”) but does not ask for a number, a baseline or a timeframe.',
        levelHigh:
          'Gets the prospect to name a specific metric with a current baseline and a target (for example “cut onboarding from 6 to 3 weeks this year”), and confirms how it will be measured.',
      },
      {
        name: 'Economic buyer',
        description: 'Finds out who has the final authority to approve the spend and how to reach them.',
        includeInScenario: true,
        levelZero: 'Never asks who approves the budget, or assumes the person on the call decides.',
        levelLow:
          'Asks who else is involved but accepts a vague answer (“management”) without naming the person or their priorities.',
        levelHigh:
          'Identifies the economic buyer by name or role, learns what that person cares about, and asks how and when the rep can get in front of them.',
      },
      {
        name: 'Decision criteria',
        description: 'Learns the technical, financial and business criteria the prospect will use to compare options.',
        includeInScenario: true,
        levelZero: 'Does not ask how the prospect will evaluate solutions.',
        levelLow:
          'Asks what matters in a solution but collects only one or two generic criteria (“price”, “ease of use”) and does not rank them.',
        levelHigh:
          'Uncovers the concrete criteria (for example integrations, security requirements, total cost) and which matter most, and checks whether the rep’s offer is being compared with alternatives.',
      },
      {
        name: 'Decision process',
        description: 'Maps the steps, people and dates between today and a signed agreement.',
        includeInScenario: false,
        levelZero: 'No questions about how or when a decision will be made.',
        levelLow:
          'Learns a rough target date or one step (“we’ll need legal review”) but not the sequence, the people involved or what triggers each step.',
        levelHigh:
          'Walks through the full path to signature (evaluation, approvals, legal/procurement, target date) and confirms it back with the prospect, noting any deadline driving the decision.',
      },
      {
        name: 'Identify pain',
        description:
          'Uncovers the business pain that makes the project a priority, and its consequences if nothing changes.',
        includeInScenario: true,
        levelZero: 'Pain is not discussed; the conversation stays on features or pricing.',
        levelLow: 'Identifies a problem but not why it matters now or what happens if it is not fixed.',
        levelHigh:
          'Gets the prospect to describe a specific pain, who it affects, and the cost or risk of doing nothing, and links it to the urgency of the project.',
      },
      {
        name: 'Champion',
        description: 'Identifies and tests an internal advocate who has influence and a personal stake in the outcome.',
        includeInScenario: false,
        levelZero: 'Makes no attempt to find out who would support the purchase internally.',
        levelLow:
          'Assumes the contact is a champion because they are friendly, without checking their influence or motivation.',
        levelHigh:
          'Asks what the contact personally gains from solving the problem, tests their influence (for example, whether they can secure a meeting with the economic buyer), and agrees on how to work together.',
      },
    ],
  },
  {
    name: 'Objection Handling',
    icon: 'shield',
    shortDescription:
      'Respond to pushback calmly: acknowledge, clarify, reframe with evidence, confirm and move forward.',
    longDescription:
      'How the rep handles objections such as price, timing, a competitor or “send me an email”. Strong handling treats an objection ' +
      'as information: the rep stays calm, acknowledges the concern without arguing, asks what is really behind it, answers with ' +
      'relevant evidence, checks that the concern is resolved and then moves the conversation forward. Defensiveness, discounting ' +
      'at the first sign of resistance and ignoring the objection all score low.',
    criteria: [
      {
        name: 'Acknowledge',
        description: 'Recognises the concern respectfully before responding, without arguing or dismissing it.',
        includeInScenario: true,
        levelZero: 'Ignores the objection, talks over it, argues (“that’s not true”) or becomes defensive.',
        levelLow:
          'Gives a scripted acknowledgement (“I understand”) and immediately pivots to a rebuttal, so the prospect does not feel heard.',
        levelHigh:
          'Restates the concern in the prospect’s terms and validates it as reasonable (“It makes sense to be careful about cost right now”) before answering, in a calm tone.',
      },
      {
        name: 'Clarify',
        description: 'Asks questions to understand the real reason behind the objection before answering it.',
        includeInScenario: true,
        levelZero: 'Answers the objection immediately without asking anything about it.',
        levelLow:
          'Asks one clarifying question but does not use the answer, or answers a different concern than the one raised.',
        levelHigh:
          'Asks open questions that uncover what is behind the objection (“When you say it’s too expensive, compared with what?”) and confirms the real concern before responding to it.',
      },
      {
        name: 'Reframe with evidence',
        description:
          'Responds with a relevant perspective backed by proof: a customer example, data or a concrete comparison.',
        includeInScenario: true,
        levelZero:
          'Offers no answer, caves immediately (for example an unprompted discount), or makes unsupported claims.',
        levelLow:
          'Gives a generic response (“our customers love us”) or evidence that does not match the prospect’s situation.',
        levelHigh:
          'Reframes the concern around the prospect’s own goals and supports it with specific, relevant evidence, such as a similar customer’s result, a number or a cost-of-inaction comparison.',
      },
      {
        name: 'Confirm resolution',
        description: 'Checks that the answer addressed the concern before moving on.',
        includeInScenario: false,
        levelZero: 'Moves on without checking whether the concern was resolved.',
        levelLow: 'Asks a closed, leading check (“That makes sense, right?”) and takes any reply as agreement.',
        levelHigh:
          'Asks an open check (“How does that sit with you?” or “What else would you need to see?”) and handles any remaining doubt before continuing.',
      },
      {
        name: 'Advance the conversation',
        description: 'After resolving the objection, moves the call toward a concrete next step.',
        includeInScenario: false,
        levelZero: 'The call stalls or ends after the objection with no next step proposed.',
        levelLow: 'Suggests a vague next step (“let’s stay in touch”) without a date, owner or purpose.',
        levelHigh:
          'Proposes a specific next step tied to the resolved concern (for example a call with finance on Thursday to review the ROI model) and gets the prospect to agree to it.',
      },
    ],
  },
  {
    name: 'Cold Call Opener',
    icon: 'phone',
    shortDescription: 'Earn the first 30 seconds of a cold call and turn them into a conversation and a next step.',
    longDescription:
      'The first minute of an outbound cold call. The rep introduces themselves clearly, asks for a moment of the prospect’s time, ' +
      'gives a credible reason for calling this specific person, offers a short hypothesis of the value they could bring, turns the ' +
      'call into a conversation with a question, and asks for a concrete next step. The prospect is busy and did not expect the ' +
      'call: brevity, relevance and respect for their time are what is being scored.',
    criteria: [
      {
        name: 'Permission-based opener',
        description:
          'Introduces self and company clearly and acknowledges the interruption, asking for a brief moment.',
        includeInScenario: true,
        levelZero:
          'Launches into a pitch without introducing themselves properly, or opens with “How are you today?” and filler.',
        levelLow:
          'Gives name and company but does not acknowledge the interruption or ask for time, or asks in a way that invites an easy “no” (“Is this a bad time?”).',
        levelHigh:
          'States name and company in one sentence, acknowledges the call is unexpected, and asks for a short, specific amount of time (“Can I take 30 seconds to tell you why I called, and you decide if it’s worth continuing?”).',
      },
      {
        name: 'Reason for the call',
        description: 'Gives a relevant, specific reason for calling this person now.',
        includeInScenario: true,
        levelZero:
          'Gives no reason for the call, or a reason that is about the rep (“I’m calling to introduce our company”).',
        levelLow: 'Gives a generic reason that could apply to anyone (“we help companies like yours”).',
        levelHigh:
          'Gives a reason specific to this prospect, their role, company or industry, such as a recent event, a trigger or a pattern seen with similar companies.',
      },
      {
        name: 'Value hypothesis',
        description: 'Offers a short, outcome-focused hypothesis of the problem the rep may solve for the prospect.',
        includeInScenario: true,
        levelZero: 'Describes product features or the company’s history instead of any value for the prospect.',
        levelLow:
          'Mentions a benefit, but it is vague (“save time and money”) or takes more than a few sentences to get to.',
        levelHigh:
          'In one or two sentences names a concrete problem peers of the prospect face and the outcome the rep’s customers achieved, framed as a hypothesis for the prospect to confirm or reject.',
      },
      {
        name: 'Engaging question',
        description: 'Turns the monologue into a conversation with a relevant open question.',
        includeInScenario: false,
        levelZero: 'Asks no question, or only closed questions that end the conversation (“Are you interested?”).',
        levelLow:
          'Asks a question, but it is generic (“What are your priorities?”) or not connected to the value hypothesis.',
        levelHigh:
          'Asks an open question that tests the hypothesis (“How are you handling that today?”) and follows up on the answer instead of returning to the pitch.',
      },
      {
        name: 'Next-step ask',
        description: 'Asks for a clear, low-commitment next step with a specific time.',
        includeInScenario: false,
        levelZero:
          'Ends the call without asking for anything, or accepts “send me some information” without a follow-up.',
        levelLow: 'Asks for a meeting vaguely (“can we talk sometime?”) or asks for a large commitment too early.',
        levelHigh:
          'Proposes a specific, short next step with a date and time (for example a 20-minute call on Tuesday at 10) and confirms the invitation details before ending.',
      },
    ],
  },
  {
    name: 'Closing & Next Steps',
    icon: 'trophy',
    shortDescription: 'Summarise what was agreed, test commitment and leave with a dated, owned next step.',
    longDescription:
      'The end of a sales conversation, whatever its stage. The rep summarises what was learnt and agreed, checks how ready the ' +
      'prospect is to move forward, addresses any last hesitation, and leaves with a mutually agreed next step that has a date, an ' +
      'owner and a purpose. A call that ends with “I’ll send you something” and no commitment scores low, however pleasant it was.',
    criteria: [
      {
        name: 'Summary of value',
        description: 'Recaps the prospect’s needs and how the proposed solution addresses them.',
        includeInScenario: false,
        levelZero: 'No summary; the call ends abruptly or with a generic thank-you.',
        levelLow:
          'Summarises the product’s features rather than the prospect’s needs, or the summary misses the main concern raised.',
        levelHigh:
          'Summarises the prospect’s key needs in their own words, links each to how the solution helps, and asks whether anything is missing.',
      },
      {
        name: 'Trial close',
        description: 'Tests the prospect’s readiness and surfaces remaining hesitation before asking for commitment.',
        includeInScenario: true,
        levelZero: 'Never checks how the prospect feels about moving forward.',
        levelLow: 'Asks a yes/no question (“So are you interested?”) and does not explore a lukewarm answer.',
        levelHigh:
          'Asks an open readiness question (“On a scale of 1 to 10, how close is this to what you need?”) and explores what would close the gap.',
      },
      {
        name: 'Commitment ask',
        description: 'Asks directly for the commitment appropriate to the deal stage.',
        includeInScenario: true,
        levelZero: 'Does not ask for any commitment.',
        levelLow: 'Hints at a commitment or asks apologetically, and drops it at the first hesitation.',
        levelHigh:
          'Asks clearly and confidently for a specific commitment (a pilot, a proposal review, a signature date) and stays quiet to let the prospect answer.',
      },
      {
        name: 'Agreed next step',
        description: 'Leaves the call with a next step that has a date, owners and a purpose, confirmed by both sides.',
        includeInScenario: false,
        levelZero: 'No next step is agreed.',
        levelLow: 'A next step is mentioned but lacks a date, an owner or a clear purpose.',
        levelHigh:
          'Agrees on a dated next step with named participants and a purpose, confirms who does what before then, and says how the invitation will be sent.',
      },
    ],
  },
];
