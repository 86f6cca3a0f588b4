import type { Language } from '../../contracts/languages';
import type { CriterionReport, ReportView } from '../../contracts/reports';
import { formatScore, formatSeconds } from '../../contracts/format';
import {
  areasToWorkOn,
  assessedCount,
  clock,
  percent,
  quoteCounts,
  readAnalytics,
  reviewHistoryText,
  slug,
  unanimousCount,
} from '../../contracts/report-format';
import type { Translate } from './i18n';

/** Every user- or model-written text goes through this before it reaches the document. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const e = escapeHtml;

// Inlined styles only: no scripts, fonts or images, so the file reads anywhere and prints well.
const STYLE = `
*{box-sizing:border-box}
body{font-family:-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1b1e;background:#fff;line-height:1.5;margin:0;padding:24px}
main{max-width:860px;margin:0 auto}
h1{font-size:1.6rem;margin:0 0 4px}
h2{font-size:1.2rem;margin:0 0 12px;border-bottom:2px solid #e9ecef;padding-bottom:4px}
h3{font-size:1rem;margin:0 0 6px}
section{margin:0 0 28px}
.muted{color:#5c5f66;font-size:.9rem}
.facts{display:flex;flex-wrap:wrap;gap:8px 24px;margin:12px 0}
.facts div{min-width:120px}
.facts dt{font-size:.8rem;color:#5c5f66}
.facts dd{margin:0;font-weight:600}
.score{display:inline-block;border:3px solid #228be6;border-radius:999px;padding:10px 18px;font-size:1.5rem;font-weight:700;color:#1864ab}
.criterion{border:1px solid #dee2e6;border-radius:8px;padding:12px 14px;margin:0 0 12px;break-inside:avoid}
.level{display:inline-block;border-radius:6px;padding:1px 8px;font-weight:700;margin-right:8px;border:1px solid}
.l0{color:#c92a2a;border-color:#ffa8a8;background:#fff5f5}.l1{color:#e67700;border-color:#ffd43b;background:#fff9db}.l2{color:#2b8a3e;border-color:#8ce99a;background:#ebfbee}
.badge{display:inline-block;border:1px solid #f08c00;color:#d9480f;border-radius:6px;padding:0 6px;font-size:.8rem;margin-left:6px}
.lnone{color:#495057;border-color:#ced4da;background:#f1f3f5}
.warn{border-left:3px solid #f08c00;background:#fff4e6;padding:4px 10px}
.rejected{color:#868e96;text-decoration:line-through}
.reason{color:#c92a2a;font-size:.85rem}
blockquote{margin:6px 0;padding:4px 10px;border-left:3px solid #74c0fc;background:#f8f9fa}
.ts{font-variant-numeric:tabular-nums;color:#5c5f66;font-size:.85rem;margin-right:6px}
ul{padding-left:20px;margin:6px 0}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e9ecef;vertical-align:top}
.bar{display:flex;height:14px;border-radius:7px;overflow:hidden;border:1px solid #ced4da;max-width:420px}
.bar .rep{background:#74c0fc}.bar .prospect{background:#dee2e6}
.turn{margin:0 0 8px;break-inside:avoid}
.speaker{font-weight:600}
@media print{
  body{padding:0;font-size:11pt}
  section{break-before:page}
  section.first{break-before:auto}
  .criterion,.turn,tr{break-inside:avoid}
  a{color:inherit;text-decoration:none}
  *{background:transparent!important;box-shadow:none!important}
}
`;

function date(iso: string | null, lng: Language): string {
  if (!iso) return '';
  return (
    new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) +
    ' UTC'
  );
}

/** `spar-report-<simulation>-<yyyy-mm-dd>.html` */
export function reportFileName(view: ReportView): string {
  return `spar-report-${slug(view.call.simulationName, 'simulation')}-${view.call.date.slice(0, 10)}.html`;
}

export function renderReportHtml(view: ReportView, lng: Language, t: Translate): string {
  const r = view.report;
  const simulation = view.call.simulationName || t('html.untitled');
  const title = t('html.title', { simulation });
  const parts: string[] = [];

  const fact = (label: string, value: string | null | undefined) =>
    value ? `<div><dt>${e(label)}</dt><dd>${e(value)}</dd></div>` : '';
  const difficulty = view.call.difficulty ? t(`difficulty.${view.call.difficulty}`) : null;
  // a campaign's guest reads their own call: addressed as "you", the label in an outsider's words
  const guest = view.audience === 'guest';
  parts.push(`<header class="first">
<h1>${e(title)}</h1>
<p class="muted">${e(t('html.generated', { date: date(new Date().toISOString(), lng) }))}</p>
<dl class="facts">
${fact(t('header.simulation'), simulation)}${fact(t('header.rep'), guest ? null : view.call.repName)}${fact(t('header.date'), date(view.call.date, lng))}${fact(
    t('header.duration'),
    view.call.durationMs != null ? clock(view.call.durationMs) : null,
  )}${fact(t('header.persona'), view.call.personaName)}${fact(t('header.difficulty'), difficulty)}
</dl>
${view.call.demo ? `<p><span class="badge">${e(t('header.demo'))}</span> <span class="muted">${e(t('header.demoHelp'))}</span></p>` : ''}
${scoreHtml(view, t, lng)}
${r ? `<p class="muted">${e(r.evaluator === 'offline' ? t('header.evaluatorOffline') : t('header.evaluatorModel', { model: r.model ?? '' }))}</p>` : ''}
</header>`);

  if (!r || view.status !== 'ready') {
    parts.push(`<section class="first"><p>${e(t('html.notReady'))}</p></section>`);
  } else {
    const areas = areasToWorkOn(r.criteria);
    const areasHtml = areas.length
      ? `<ul>${areas.map((c) => `<li><span class="level l${c.level}">${e(t('criteria.levelBadge', { level: c.level ?? 0 }))}</span>${e(c.name)}</li>`).join('')}</ul>`
      : `<p class="muted">${e(assessedCount(r.criteria) === 0 ? t('summary.areasNoneAssessed') : t('summary.areasNone'))}</p>`;
    parts.push(
      `<section class="first"><h2>${e(t('summary.title'))}</h2><p>${e(r.summary || t('summary.empty'))}</p><h3>${e(t('summary.areas'))}</h3>${areasHtml}</section>`,
    );

    const checked = r.evaluator === 'model';
    const criteria = r.criteria.map((c) => criterionHtml(c, checked, t)).join('');
    parts.push(
      `<section><h2>${e(t('criteria.title'))}</h2>${criteria || `<p>${e(t('criteria.empty'))}</p>`}</section>`,
    );

    const strengths = r.strengths.length
      ? `<ul>${r.strengths.map((s) => `<li>${e(s)}</li>`).join('')}</ul>`
      : `<p>${e(t('strengths.empty'))}</p>`;
    const improvements = r.improvements.length
      ? `<ul>${r.improvements
          .map(
            (i) =>
              `<li><strong>${e(i.what)}</strong>${i.why ? `<br>${e(t('improvements.why', { why: i.why }))}` : ''}${i.example ? `<br><em>${e(t('improvements.trySaying', { example: i.example }))}</em>` : ''}</li>`,
          )
          .join('')}</ul>`
      : `<p>${e(t('improvements.empty'))}</p>`;
    parts.push(
      `<section><h2>${e(t('strengths.title'))}</h2>${strengths}<h2>${e(t('improvements.title'))}</h2>${improvements}</section>`,
    );

    parts.push(`<section><h2>${e(t('analytics.title'))}</h2>${analyticsHtml(r.analytics, t, lng)}</section>`);
  }

  const speaker = (s: 'rep' | 'prospect') =>
    s === 'rep'
      ? (guest ? t('transcript.you') : view.call.repName) || t('transcript.rep')
      : view.call.personaName || t('transcript.prospect');
  const transcript = view.turns.length
    ? view.turns
        .map(
          (turn) =>
            `<p class="turn"><span class="ts">${e(clock(turn.startMs))}</span><span class="speaker">${e(turn.speakerName || speaker(turn.speaker))}:</span> ${e(turn.text)}</p>`,
        )
        .join('')
    : `<p>${e(t('transcript.empty'))}</p>`;
  parts.push(`<section><h2>${e(t('transcript.title'))}</h2>${transcript}</section>`);

  const history = view.overrides.length
    ? `<ul>${view.overrides
        .map(
          (o) =>
            `<li>${e(date(o.createdAt, lng))}: ${e(reviewHistoryText(t, o))}. ${e(
              t('review.historyScore', { score: formatScore(o.scoreAfter, lng) }),
            )}<br>${e(t('html.overrideNote', { note: o.note }))}</li>`,
        )
        .join('')}</ul>`
    : `<p>${e(t('review.historyEmpty'))}</p>`;
  parts.push(`<section><h2>${e(t('review.history'))}</h2>${history}</section>`);

  return `<!doctype html>
<html lang="${e(lng)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${parts.join('\n')}
</main>
</body>
</html>
`;
}

function analyticsHtml(raw: unknown, t: Translate, lng: Language): string {
  const a = readAnalytics(raw);
  if (!a) return `<p>${e(t('analytics.empty'))}</p>`;
  const na = t('analytics.notAvailable');
  const rows: [string, string][] = [];
  if (a.talk) {
    const rep = percent(a.talk.repShare);
    rows.push([
      t('analytics.talkListen'),
      `<div class="bar" role="img" aria-label="${e(`${t('analytics.talkShareRep', { pct: rep })}, ${t('analytics.talkShareProspect', { pct: 100 - rep })}`)}"><span class="rep" style="width:${rep}%"></span><span class="prospect" style="width:${100 - rep}%"></span></div>${e(
        t('analytics.talkShareRep', { pct: rep }),
      )} · ${e(t('analytics.talkShareProspect', { pct: 100 - rep }))}${a.talk.source === 'words' ? `<br><span class="muted">${e(t('analytics.talkSourceWords'))}</span>` : ''}`,
    ]);
  }
  if (a.longestMonologue)
    rows.push([
      t('analytics.longestMonologue'),
      e(
        a.longestMonologue.ms > 0
          ? t('analytics.monologueValue', { time: clock(a.longestMonologue.ms), words: a.longestMonologue.words })
          : t('analytics.monologueWords', { words: a.longestMonologue.words }),
      ),
    ]);
  if (a.questions) rows.push([t('analytics.questions'), e(t('analytics.questionsValue', a.questions))]);
  rows.push([t('analytics.wpm'), e(a.wordsPerMinute != null ? String(a.wordsPerMinute) : na)]);
  if (a.fillers) {
    const table = a.fillers.counts.length
      ? `<table><thead><tr><th>${e(t('analytics.fillerWord'))}</th><th>${e(t('analytics.fillerCount'))}</th></tr></thead><tbody>${a.fillers.counts
          .map(([w, n]) => `<tr><td>${e(w)}</td><td>${n}</td></tr>`)
          .join('')}</tbody></table>`
      : `<span class="muted">${e(t('analytics.noFillers'))}</span>`;
    rows.push([
      t('analytics.fillers'),
      `${e(t('analytics.fillersValue', { total: a.fillers.total, per: a.fillers.perHundredWords }))}${table}`,
    ]);
  }
  if (a.interruptions)
    rows.push([
      t('analytics.interruptions'),
      e(
        t('analytics.interruptionsValue', {
          bargeIns: a.interruptions.repBargeIns,
          overlaps: a.interruptions.overlaps,
        }),
      ),
    ]);
  if (a.latency)
    rows.push([
      t('analytics.latency'),
      e(
        a.latency.avgMs != null
          ? t('analytics.latencyValue', {
              avg: formatSeconds(a.latency.avgMs, lng),
              max: a.latency.maxMs != null ? formatSeconds(a.latency.maxMs, lng) : na,
            })
          : na,
      ),
    ]);
  return `<table><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${e(k)}</th><td>${v}</td></tr>`).join('')}</tbody></table>`;
}

/** The score as every list shows it: the reviewed score, labelled heuristic for the offline evaluator, with the original beside it. */
function scoreHtml(view: ReportView, t: Translate, lng: Language): string {
  const r = view.report;
  if (!r) return '';
  const heuristic = r.evaluator === 'offline';
  const lines: string[] = [];
  if (r.score != null) {
    const aria = t(heuristic ? 'header.scoreAriaHeuristic' : 'header.scoreAria', { score: formatScore(r.score, lng) });
    lines.push(
      `<p><span class="score" aria-label="${e(aria)}">${e(t('header.scoreValue', { score: formatScore(r.score, lng) }))}</span>${heuristic ? ` <span class="badge">${e(t('header.scoreHeuristic'))}</span>` : ''}</p>`,
    );
  } else lines.push(`<p><strong>${e(t('header.noScore'))}</strong>: ${e(t('header.noScoreHelp'))}</p>`);
  const help = view.audience === 'guest' ? 'header.heuristicHelpGuest' : 'header.heuristicHelp';
  if (heuristic) lines.push(`<p class="muted">${e(t(help))}</p>`);
  if (r.originalScore != null && r.originalScore !== r.score)
    lines.push(`<p class="muted">${e(t('header.originalScore', { score: formatScore(r.originalScore, lng) }))}</p>`);
  if (r.integrity)
    lines.push(
      `<p>${e(t('header.integrity', { verified: r.integrity.verified, proposed: r.integrity.proposed }))}</p><p class="muted">${e(t('header.integrityHelp'))}</p>`,
    );
  if (r.samples != null && r.samples > 1)
    lines.push(
      `<p class="muted">${e(t('header.samples', { samples: r.samples, agreed: unanimousCount(r.criteria), total: r.criteria.length }))}</p>`,
    );
  const assessed = assessedCount(r.criteria);
  if (assessed < r.criteria.length)
    lines.push(`<p class="muted">${e(t('header.assessed', { assessed, total: r.criteria.length }))}</p>`);
  return lines.join('\n');
}

/** One criterion: level (or "not assessable offline"), why, rationale, verified quotes and refused ones. */
function criterionHtml(c: CriterionReport, checked: boolean, t: Translate): string {
  const evidence = c.evidence.length
    ? c.evidence
        .map((q) => `<blockquote><span class="ts">${e(clock(q.startMs))}</span>“${e(q.quote)}”</blockquote>`)
        .join('')
    : `<p class="muted">${e(t('criteria.noEvidence'))}</p>`;
  const counts = quoteCounts(c);
  const rejected = c.rejected.length
    ? `<h4>${e(t('criteria.rejectedTitle', { count: c.rejected.length }))}</h4><ul>${c.rejected
        .map(
          (q) =>
            `<li><span class="rejected">“${e(q.quote)}”</span> <span class="reason">${q.turnSeq !== null ? `${e(t('criteria.rejectedTurn', { turn: q.turnSeq }))} · ` : ''}${e(t(`criteria.rejectedReasons.${q.reason}`))}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const badge =
    c.level === null
      ? `<span class="level lnone">${e(t('criteria.notAssessable'))}</span>`
      : `<span class="level l${c.level}">${e(t('criteria.levelBadge', { level: c.level }))}</span>`;
  const description = c.level !== null ? c.levelDescriptions[c.level] : '';
  const original =
    c.originalLevel !== c.level
      ? c.originalLevel === null
        ? t('criteria.originalNone')
        : t('criteria.original', { level: c.originalLevel })
      : '';
  const note =
    c.note === 'no_evidence' || c.note === 'reask_failed'
      ? t(c.note === 'reask_failed' ? 'criteria.reaskFailed' : 'criteria.noEvidenceLevel', {
          level: c.proposedLevel ?? 0,
        })
      : c.note === 'not_assessed'
        ? t('criteria.notAssessed')
        : c.level === null
          ? t('criteria.notAssessableHelp')
          : '';
  return `<div class="criterion">
<h3>${badge}${e(c.name)}${c.unverified ? `<span class="badge">${e(t('criteria.unverified'))}</span>` : ''}</h3>
${description ? `<p><strong>${e(t('html.levelDescription'))}:</strong> ${e(description)}</p>` : ''}
${original ? `<p class="muted">${e(original)}</p>` : ''}
${note ? `<p class="warn">${e(note)}</p>` : ''}
${c.unverified ? `<p class="muted">${e(t('criteria.unverifiedHelp'))}</p>` : ''}
${c.agreement && c.agreement.samples > 1 ? `<p class="muted">${e(t('criteria.agreement', { agreeing: c.agreement.agreeing, samples: c.agreement.samples }))}</p>` : ''}
${c.rationale ? `<p><strong>${e(t('criteria.rationale'))}:</strong> ${e(c.rationale)}</p>` : ''}
<h4>${e(t('criteria.evidence'))}${checked && counts.proposed > 0 ? ` <span class="muted">(${e(t('criteria.quotesVerified', counts))})</span>` : ''}</h4>${evidence}${rejected}
</div>`;
}
