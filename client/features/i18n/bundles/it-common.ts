import common from '../../../../locales/it/common.json';

// The texts of the first screen (/login, the layouts, errors, languages): a chunk of its own.
export default { common };
