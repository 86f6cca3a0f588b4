import { describe, expect, it } from 'vitest';
import { evaluateOffline } from '../../server/evaluation/offline';
import { objectionFamilies, type ObjectionFamily } from '../../server/evaluation/offline/objections';
import type { Turn } from '../../server/evaluation/types';
import { criteriaOf, loadCalibration, turnsOf } from '../helpers/calibration';

describe('objections by meaning family, plain and indirect, in four languages', () => {
  it.each([
    // price: plain, compared with what was planned, counter-offers
    ['en', 'Honestly, it is too expensive for us.', 'price'],
    ['en', 'That is quite a bit more than we had originally planned to spend.', 'price'],
    ['en', 'Could you do it for forty thousand? Then we can talk.', 'price'],
    ['en', 'If it were 20% less, I would sign tomorrow.', 'price'],
    ['es', 'Es bastante más de lo que teníamos previsto.', 'price'],
    ['es', 'Si me lo deja en 40.000 euros, hablamos.', 'price'],
    ['it', 'È parecchio più di quanto avevamo previsto.', 'price'],
    ['it', 'Se fosse un 20% in meno ne parleremmo.', 'price'],
    ['pt-BR', 'Ficou bem acima do que a gente tinha planejado.', 'price'],
    ['pt-BR', 'Se fosse uns 20% a menos, a gente fechava.', 'price'],
    // budget
    ['en', 'The budget for this year is already allocated.', 'budget'],
    ['es', 'El presupuesto de este año ya está asignado.', 'budget'],
    ['it', 'Il budget di quest’anno è già stato allocato.', 'budget'],
    ['pt-BR', 'Não temos verba para isso agora.', 'budget'],
    // timing and deferrals
    ['en', 'Let’s revisit this after the summer.', 'timing'],
    ['en', 'Call me back in a couple of months.', 'timing'],
    ['es', 'Mejor lo retomamos después del verano.', 'timing'],
    ['it', 'Ne riparliamo dopo l’estate, adesso siamo pieni.', 'timing'],
    ['pt-BR', 'Vamos deixar isso mais pra frente, depois das férias.', 'timing'],
    // authority
    ['en', 'I’d have to run it by my director first.', 'authority'],
    ['es', 'Tendría que consultarlo con mi director.', 'authority'],
    ['it', 'Dovrei parlarne con il mio direttore.', 'authority'],
    ['pt-BR', 'Preciso ver com a minha diretora antes.', 'authority'],
    // competitor
    ['en', 'We are also talking to FleetPlan, and they came in lower.', 'competitor'],
    ['es', 'Ya trabajamos con otro proveedor.', 'competitor'],
    ['it', 'Un concorrente ci ha offerto di meno.', 'competitor'],
    ['pt-BR', 'A gente já usa outro sistema.', 'competitor'],
    // status quo
    ['en', 'Our spreadsheet works fine for now.', 'statusQuo'],
    ['es', 'De momento nos apañamos con el Excel.', 'statusQuo'],
    ['it', 'Per ora ci arrangiamo con il foglio Excel.', 'statusQuo'],
    ['pt-BR', 'Por enquanto a planilha dá conta.', 'statusQuo'],
  ] as const)('%s: %j is a %s objection', (language, text, family) => {
    expect(objectionFamilies(text, language)).toContain(family as ObjectionFamily);
  });

  it.each([
    ['en', 'We run about 140 routes a day with six planners.'],
    ['en', 'I’d be happy with a call on Thursday at 11.'],
    ['en', 'What does the price include?'],
    ['es', 'Tenemos seis planificadores y unas 140 rutas al día.'],
    ['it', 'Abbiamo sei pianificatori e circa 140 percorsi al giorno.'],
    ['pt-BR', 'A gente tem seis planejadores e umas 140 rotas por dia.'],
    ['pt-BR', 'No ano que vem a gente quer abrir mais dois centros.'],
  ] as const)('%s: %j raises none', (language, text) => {
    expect(objectionFamilies(text, language)).toEqual([]);
  });

  it('scores a well-handled objection the same whether it is said plainly or indirectly', () => {
    const call = loadCalibration().find((c) => c.id === 'objection-strong')!;
    const criteria = criteriaOf(call.scorecard);
    const plain = turnsOf(call);
    const indirect: Turn[] = plain.map((t, i) =>
      i === 0
        ? {
            ...t,
            text: 'I’ve read your proposal. It came out well above what we had planned for this, and FleetPlan came in thirty percent lower.',
          }
        : t,
    );
    const levels = (turns: Turn[]) =>
      evaluateOffline({ turns, criteria, language: call.language }).criteria.map((c) => c.level);
    expect(levels(indirect)).toEqual(levels(plain));
    expect(levels(plain).every((l) => l === 2)).toBe(true);
  });
});
