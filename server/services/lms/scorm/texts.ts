import en from '../../../../locales/en/scorm.json';
import es from '../../../../locales/es/scorm.json';
import it from '../../../../locales/it/scorm.json';
import ptBR from '../../../../locales/pt-BR/scorm.json';
import { LANGUAGES, type Language } from '../../../contracts/languages';

/*
 * The texts of locales/<lng>/scorm.json that leave the server: the launch's refusals (answered to
 * the package's page on the LMS's site, in the learner's language) and the sentences written into
 * the package's launch page (shown by the learner's browser, in its language).
 */

const ALL: Record<Language, typeof en> = { en, es, it, 'pt-BR': ptBR };

type LaunchKey = keyof typeof en.launch;

/** A launch refusal's sentence (`scorm.launch.<key>`) in `lng`; English when missing. */
export function launchMessage(lng: Language, key: string): string {
  const k = key.replace(/^scorm\.launch\./, '') as LaunchKey;
  return ALL[lng].launch[k] ?? en.launch[k] ?? en.launch.packageInvalid;
}

/** The launch page's sentences in every language, for the learner's browser to pick from. */
export function packageTexts(): Record<string, Record<string, string>> {
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, { ...en.package, ...ALL[lng].package }]));
}
