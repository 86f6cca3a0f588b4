/**
 * The offline practice prospect: a deterministic dialogue engine, separate from the call
 * transport (server/realtime/offline-upstream.ts adapts it to CallUpstream). Build a profile from
 * the frozen scenario, start from `initialState`, `greet`, then `respond` to each rep line.
 */
export { buildProspectProfile, type ProfileInput, type ProspectProfile, type ProspectFact, type ProspectObjection } from './profile';
export { initialState, type ProspectEnd, type ProspectReply, type ProspectState, type TurnEvents } from './state';
export { greet, respond, speechMs } from './policy';
export { readTurn, type RepIntent } from './intent';
export { PROSPECT_KNOBS, type ProspectKnobs } from './knobs';
export { missingForNextStep } from './next-step';
export { prospectProfileForCall, scorecardTexts, type CallForProspect } from './for-call';
