import type { LmsTargetKind, ScormVersion } from '../../../contracts/enums';
import { escapeXml } from './manifest';

/*
 * The package's launch page (index.html) and its script (spar-scorm.js), run by the LMS in the
 * learner's browser on the LMS's own site. Plain browser JavaScript written to run in any browser
 * an LMS still supports: no modules, no build step.
 *
 * The script: finds the LMS's runtime API as ADL's API discovery algorithm does (the `API` object
 * for SCORM 1.2, `API_1484_11` for 2004, looked for up the chain of parent windows, at most 7
 * levels, then up the opener's chain); initializes it; reads the learner's id and name; asks Spar
 * for a launch (POST …/api/v1/lms/scorm/launch with the package's id and key); marks the attempt
 * incomplete; shows Spar's learner page in a full-size frame; reads the launch's status every
 * 3 seconds with the launch token; once Spar's report is ready writes completion, success, score
 * and session time, commits; and finishes (1.2) or terminates (2004) the session when the page
 * goes away. Any step that cannot go on shows a sentence in the learner's language.
 */

/** What the package tells its script: written into index.html as JSON when the package is made. */
export interface LaunchConfig {
  /** Spar's origin (scheme, host, port), where the script posts and the learner page is. */
  origin: string;
  packageId: string;
  key: string;
  version: ScormVersion;
  targetKind: LmsTargetKind;
  passingScore: number;
}

/** The launch page's sentences in each language the script may pick (from the browser's languages). */
export type LaunchTexts = Record<string, Record<string, string>>;

/** JSON safe inside a <script> element: no `<` (so no `</script>`), and no line separators. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function launchPageHtml(p: { title: string; config: LaunchConfig; texts: LaunchTexts }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(p.title)}</title>
<style>
  html, body { margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden; background: #fff; }
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1f2933; }
  #spar-message { box-sizing: border-box; max-width: 40rem; margin: 0 auto; padding: 2rem 1.25rem; font-size: 1rem; line-height: 1.5; overflow-wrap: anywhere; }
  #spar-message[data-kind="error"] { color: #9b1c1c; }
  #spar-frame { display: none; position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
</style>
</head>
<body>
<div id="spar-message" role="status" aria-live="polite"></div>
<iframe id="spar-frame" title="${escapeXml(p.title)}" allow="microphone; autoplay"></iframe>
<script type="application/json" id="spar-config">${scriptJson(p.config)}</script>
<script type="application/json" id="spar-texts">${scriptJson(p.texts)}</script>
<script src="spar-scorm.js"></script>
</body>
</html>
`;
}

/** spar-scorm.js: the same for every package (what differs is in index.html's JSON). */
export const LAUNCH_SCRIPT = `/* Spar SCORM launch: see index.html for this package's settings. */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('spar-config').textContent);
  var allTexts = JSON.parse(document.getElementById('spar-texts').textContent);
  var v12 = config.version === '1.2';
  var POLL_MS = 3000;
  var MAX_TRIES = 7;

  function language() {
    var tags = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en']);
    for (var i = 0; i < tags.length; i++) {
      var tag = String(tags[i] || '').toLowerCase();
      if (tag === 'pt' || tag.indexOf('pt-') === 0) return 'pt-BR';
      var base = tag.split('-')[0];
      if (allTexts[base]) return base;
    }
    return 'en';
  }
  var lang = language();
  var texts = allTexts[lang] || allTexts.en;
  document.documentElement.lang = lang;

  var messageEl = document.getElementById('spar-message');
  var frame = document.getElementById('spar-frame');
  function say(text, kind) {
    messageEl.textContent = text;
    messageEl.setAttribute('data-kind', kind || 'info');
    messageEl.style.display = 'block';
    frame.style.display = 'none';
  }

  // ADL's API discovery: up the parents (at most 7 levels), then up the opener's chain. A frame of
  // another site throws when read: it is not the LMS's, so the search stops there.
  function findIn(win, name) {
    var tries = 0;
    try {
      while (win && !win[name] && win.parent && win.parent !== win) {
        if (++tries > MAX_TRIES) return null;
        win = win.parent;
      }
      return win && win[name] ? win[name] : null;
    } catch (e) {
      return null;
    }
  }
  function findApi() {
    var name = v12 ? 'API' : 'API_1484_11';
    var api = findIn(window, name);
    if (!api) {
      try {
        if (window.opener) api = findIn(window.opener, name);
      } catch (e) {
        api = null;
      }
    }
    return api;
  }

  var api = findApi();
  var rt = !api
    ? null
    : v12
      ? {
          init: function () { return api.LMSInitialize(''); },
          get: function (k) { return api.LMSGetValue(k); },
          set: function (k, v) { return api.LMSSetValue(k, String(v)); },
          commit: function () { return api.LMSCommit(''); },
          finish: function () { return api.LMSFinish(''); }
        }
      : {
          init: function () { return api.Initialize(''); },
          get: function (k) { return api.GetValue(k); },
          set: function (k, v) { return api.SetValue(k, String(v)); },
          commit: function () { return api.Commit(''); },
          finish: function () { return api.Terminate(''); }
        };

  var startedAt = Date.now();
  var initialized = false;
  var finished = false;
  var reported = false;
  var timer = null;

  function pad(n, width) {
    var s = String(n);
    while (s.length < width) s = '0' + s;
    return s;
  }
  // 1.2: CMITimespan HHHH:MM:SS.SS; 2004: an ISO 8601 duration (PT1H2M3S)
  function sessionTime(seconds) {
    var total = Math.max(0, Math.round(seconds));
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var s = total % 60;
    if (v12) return pad(Math.min(h, 9999), 4) + ':' + pad(m, 2) + ':' + pad(s, 2) + '.00';
    return 'PT' + (h ? h + 'H' : '') + (m ? m + 'M' : '') + s + 'S';
  }

  function finish() {
    if (!rt || !initialized || finished) return;
    finished = true;
    if (timer) clearInterval(timer);
    if (!reported) rt.set(v12 ? 'cmi.core.session_time' : 'cmi.session_time', sessionTime((Date.now() - startedAt) / 1000));
    // not done yet: the LMS keeps the attempt open to come back to
    rt.set(v12 ? 'cmi.core.exit' : 'cmi.exit', reported ? (v12 ? '' : 'normal') : 'suspend');
    rt.commit();
    rt.finish();
  }

  // what was last written, so a better retry in the same launch is written again and nothing twice
  var written = '';
  function report(result) {
    var score = typeof result.score === 'number' ? result.score : null;
    var passed = typeof result.passed === 'boolean' ? result.passed : score === null ? null : score >= config.passingScore;
    var key = [score, passed, result.completed].join('|');
    if (key === written) return;
    written = key;
    reported = true;
    var seconds = typeof result.session_seconds === 'number' ? result.session_seconds : (Date.now() - startedAt) / 1000;
    var min = typeof result.score_min === 'number' ? result.score_min : 0;
    var max = typeof result.score_max === 'number' ? result.score_max : 100;
    if (v12) {
      if (score !== null) {
        rt.set('cmi.core.score.raw', score);
        rt.set('cmi.core.score.min', min);
        rt.set('cmi.core.score.max', max);
      }
      rt.set('cmi.core.lesson_status', passed === null ? 'completed' : passed ? 'passed' : 'failed');
      rt.set('cmi.core.session_time', sessionTime(seconds));
    } else {
      if (score !== null) {
        rt.set('cmi.score.raw', score);
        rt.set('cmi.score.min', min);
        rt.set('cmi.score.max', max);
        rt.set('cmi.score.scaled', Math.round(((score - min) / (max - min || 1)) * 10000) / 10000);
      }
      rt.set('cmi.completion_status', 'completed');
      rt.set('cmi.success_status', passed === null ? 'unknown' : passed ? 'passed' : 'failed');
      rt.set('cmi.session_time', sessionTime(seconds));
    }
    rt.commit();
  }

  function errorMessage(res, fallback) {
    return res
      .json()
      .then(function (body) {
        return body && body.error && typeof body.error.message === 'string' && body.error.message ? body.error.message : fallback;
      })
      .catch(function () { return fallback; });
  }

  function poll(token) {
    var check = function () {
      if (finished) return; // the LMS session is over: nothing more may be written
      fetch(config.origin + '/api/v1/lms/launches/status', {
        headers: { Authorization: 'Bearer ' + token, Accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-store'
      })
        .then(function (res) {
          if (res.status === 401) {
            clearInterval(timer);
            return null;
          }
          return res.ok ? res.json() : null;
        })
        .then(function (result) {
          // done: the report is in (a certification: held), or failed for good (no attempt left)
          if (result && (result.completed === true || result.passed === false)) report(result);
        })
        .catch(function () { /* Spar out of reach for a moment: the next round asks again */ });
    };
    timer = setInterval(check, POLL_MS);
    // Spar's page says when its report is in: ask at once rather than at the next round (only a
    // message from Spar's own origin counts; it carries nothing but that something changed)
    window.addEventListener('message', function (event) {
      if (event.origin === config.origin && event.data && event.data.type === 'spar-lms-launch-changed') check();
    });
  }

  if (!rt) {
    say(texts.noApi, 'error');
    return;
  }
  if (String(rt.init()) !== 'true') {
    say(texts.noApi, 'error');
    return;
  }
  initialized = true;
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);

  say(texts.opening, 'info');
  var learnerId = rt.get(v12 ? 'cmi.core.student_id' : 'cmi.learner_id');
  var learnerName = rt.get(v12 ? 'cmi.core.student_name' : 'cmi.learner_name');
  fetch(config.origin + '/api/v1/lms/scorm/launch', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': lang },
    credentials: 'omit',
    body: JSON.stringify({
      package_id: config.packageId,
      key: config.key,
      learner_id: learnerId,
      learner_name: learnerName || null
    })
  })
    .then(function (res) {
      if (!res.ok) {
        return errorMessage(res, texts.refused).then(function (message) {
          say(message, 'error');
          return null;
        });
      }
      return res.json();
    })
    .then(function (launch) {
      if (!launch) return;
      // a first attempt becomes incomplete; a finished one keeps its result until a new one is in
      var status = String(rt.get(v12 ? 'cmi.core.lesson_status' : 'cmi.completion_status') || '');
      if (status === '' || status === 'not attempted' || status === 'unknown' || status === 'browsed') {
        rt.set(v12 ? 'cmi.core.lesson_status' : 'cmi.completion_status', 'incomplete');
        rt.commit();
      }
      frame.src = launch.url;
      messageEl.style.display = 'none';
      frame.style.display = 'block';
      poll(launch.token);
    })
    .catch(function () {
      say(texts.unreachable, 'error');
    });
})();
`;
