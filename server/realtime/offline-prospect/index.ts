/**
 * The offline practice prospect: a deterministic dialogue engine, separate from the call
 * transport (server/realtime/offline-upstream.ts adapts it to CallUpstream). Build a profile from
 * the frozen scenario, start from `initialState`, `greet`, then `respond` to each rep line.
 */
export { buildProspectProfile, type ProspectProfile } from './profile';
export { initialState, type ProspectEnd, type ProspectState, type TurnEvents } from './state';
export { greet, respond, speechMs } from './policy';
export { prospectProfileForCall } from './for-call';
