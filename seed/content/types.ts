import type { PersonaFields } from '../../server/contracts/personas';

/** A named piece of demo configuration (ICP or product grouping): a title and its details. */
interface NamedDetails {
  name: string;
  details: string;
}

/** The words of one simulation of the demo tenant; its settings live in seed/simulations.ts. */
interface DemoSimulationText {
  name: string;
  useCase: string;
  instructions: string;
}

/**
 * Everything the demo tenant says, in one language. Every list has the same length and order in
 * every language (seed/simulations.ts refers to its items by position), so the demo tenant is the
 * same company whichever language it is seeded in.
 */
export interface DemoContent {
  clientOverview: string;
  /** Mid-market SaaS, enterprise manufacturing, SMB agency. */
  icps: NamedDetails[];
  /** Forecasting, conversation insights, RevOps data hub. */
  productGroupings: NamedDetails[];
  /** A discovery call, a cold call. */
  callInstructions: string[];
  /** Margaret (CFO), Derek (VP Sales), Priya (IT), Tom (ops), Lucía (procurement), Marco (operations). */
  personas: PersonaFields[];
  /** Discovery, MEDDIC, objections, cold call, closing: the order of seed/simulations.ts. */
  simulations: DemoSimulationText[];
  /**
   * The names of the manager's weekly assignments in the demo history, oldest first: discovery
   * basics, openers and objections, qualification, closing the next step, objections again.
   */
  assignments: string[];
  /**
   * The two certifications of the demo history: one on the discovery simulation that does not
   * expire, one on the cold call renewed every month.
   */
  certifications: { name: string; description: string }[];
}
