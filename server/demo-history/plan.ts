import { seededRandom } from '../ai/seeded-random';
import type { Skill } from './scripted-rep';

/**
 * The demo tenant's last four weeks, as a schedule: every Monday the manager sends the team an
 * assignment; reps take its calls during the week (some late, some not at all), practise on their
 * own now and then, and sometimes take a call again. Each rep has a level that moves over the
 * weeks, so the dashboard shows a believable team: one improving, one steady and strong, one who
 * struggles. Pure: the same `now` and `seed` always give the same schedule.
 */

interface DemoRep {
  email: string;
  /** The rep's level per week, oldest first (week 0 is four weeks ago; week 4 is this week). */
  levels: Skill[];
  /** How likely the rep is to do an assigned call at all (the rest stay pending or overdue). */
  diligence: number;
}

/** The demo tenant's reps (seed/demo.ts creates them) and how they play. */
const DEMO_REPS: DemoRep[] = [
  { email: 'rep@demo.test', levels: ['weak', 'average', 'average', 'strong', 'strong'], diligence: 0.95 },
  { email: 'rep2@demo.test', levels: ['strong', 'strong', 'average', 'strong', 'strong'], diligence: 0.9 },
  { email: 'rep3@demo.test', levels: ['weak', 'weak', 'average', 'weak', 'average'], diligence: 0.7 },
  { email: 'sasha.patel@demo.test', levels: ['average', 'strong', 'strong', 'strong', 'strong'], diligence: 1 },
  { email: 'luca.romano@demo.test', levels: ['average', 'average', 'strong', 'average', 'strong'], diligence: 0.85 },
  { email: 'emma.clarke@demo.test', levels: ['weak', 'average', 'weak', 'average', 'average'], diligence: 0.75 },
];

interface PlannedAssignment {
  key: string;
  week: number;
  name: string;
  simulationNames: string[];
  sentAt: Date;
  dueAt: Date;
}

export interface PlannedCall {
  repEmail: string;
  simulationName: string;
  /** The assignment the call answers, or null for a practice call of the rep's own. */
  assignmentKey: string | null;
  skill: Skill;
  startedAt: Date;
  /** Seeds the rep's words and the prospect's choices. */
  seed: number;
}

export interface DemoPlan {
  assignments: PlannedAssignment[];
  calls: PlannedCall[];
}

const DAY = 86_400_000;

/** Monday 00:00 UTC of the week holding `d`. */
function mondayOf(d: Date): Date {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = (m.getUTCDay() + 6) % 7;
  return new Date(m.getTime() - dow * DAY);
}

const at = (monday: Date, day: number, hour: number, minute = 0) =>
  new Date(monday.getTime() + day * DAY + (hour * 60 + minute) * 60_000);

/**
 * The weeks' training topics: one or two of the seeded simulations each, by their position in the
 * seed (discovery, MEDDIC, objections, cold call, closing); the names come with the job, in the
 * tenant's language.
 */
const WEEKS: number[][] = [[0], [3, 2], [1], [4, 0], [2]];

/** Everything the demo history will hold, from four weeks before `now` up to `now`. */
export function demoPlan(
  now: Date,
  names: { seed: number; simulationNames: string[]; assignmentNames: string[] },
): DemoPlan {
  const { seed } = names;
  const rnd = seededRandom(seed);
  const thisMonday = mondayOf(now);
  const assignments: PlannedAssignment[] = [];
  const calls: PlannedCall[] = [];
  let n = 0;
  WEEKS.forEach((topics, week) => {
    const w = { name: names.assignmentNames[week], simulations: topics.map((i) => names.simulationNames[i]) };
    const monday = new Date(thisMonday.getTime() - (WEEKS.length - 1 - week) * 7 * DAY);
    const sentAt = at(monday, 0, 9, 15);
    if (sentAt > now) return;
    const a: PlannedAssignment = {
      key: `w${week}`,
      week,
      name: w.name,
      simulationNames: w.simulations,
      sentAt,
      dueAt: at(monday, 4, 17),
    };
    assignments.push(a);
    for (const rep of DEMO_REPS) {
      for (const simulationName of w.simulations) {
        if (rnd() > rep.diligence) continue; // not done (yet): pending, and overdue once Friday has passed
        const day = 1 + Math.floor(rnd() * 4); // Tuesday to Friday; a few run late into the next Monday
        const late = rnd() < 0.1 ? 3 : 0;
        const startedAt = at(monday, day + late, 9 + Math.floor(rnd() * 8), Math.floor(rnd() * 60));
        if (startedAt > now) continue;
        calls.push({
          repEmail: rep.email,
          simulationName,
          assignmentKey: a.key,
          skill: rep.levels[week],
          startedAt,
          seed: seed * 1000 + ++n,
        });
        // now and then the rep takes it again later that week (one level better, when there is one)
        if (rnd() < 0.15) {
          const again = new Date(startedAt.getTime() + (1 + Math.floor(rnd() * 2)) * DAY);
          if (again < now)
            calls.push({
              repEmail: rep.email,
              simulationName,
              assignmentKey: a.key,
              skill: better(rep.levels[week]),
              startedAt: again,
              seed: seed * 1000 + ++n,
            });
        }
      }
      // an own practice call on any simulation, about one week in three
      if (rnd() < 0.35) {
        const startedAt = at(monday, Math.floor(rnd() * 5), 8 + Math.floor(rnd() * 10), Math.floor(rnd() * 60));
        if (startedAt < now)
          calls.push({
            repEmail: rep.email,
            simulationName: names.simulationNames[WEEKS[Math.floor(rnd() * WEEKS.length)][0]],
            assignmentKey: null,
            skill: rep.levels[week],
            startedAt,
            seed: seed * 1000 + ++n,
          });
      }
    }
  });
  calls.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  return { assignments, calls };
}

function better(s: Skill): Skill {
  return s === 'weak' ? 'average' : 'strong';
}
