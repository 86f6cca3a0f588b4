/** A stored scenario (variables and narrative) for simulations whose calls the tests hold: the offline prospect plays it. */
export const SCENARIO = {
  variables: {
    prospect_name: 'Laura Gómez',
    prospect_role: 'Head of Operations',
    company_name: 'TransLog',
    company_size: '200 employees',
    industry: 'Logistics',
    current_situation: 'routes are planned by hand in spreadsheets every morning.',
    pain_points: ['Planning takes two hours a day.'],
    goals: ['Cut planning time in half.'],
    objections: [
      { objection: 'We already tried a routing tool and it failed.', surfaces_when: 'when the rep pitches' },
      { objection: 'The budget is frozen until next quarter.', surfaces_when: 'when a next step is proposed' },
    ],
    budget: 'Frozen until Q3',
    timeline: 'Q3',
    decision_process: 'The COO decides.',
    competitors: ['RouteMax'],
    hidden_information: [
      { information: 'The COO wants a decision by June.', reveal_when: 'the rep asks about the decision timeline' },
    ],
    success_signals: ['a short pilot with two depots'],
  },
  narrative: { summary: 'You call Laura.', opening_line: 'TransLog, Laura speaking. Who is this?' },
};
