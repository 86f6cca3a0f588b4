import type { TFunction } from 'i18next';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../lib/notify';

/** Saves text as a file through a temporary object URL (the browser's download). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A CSV the server makes, downloaded on demand: `exporting` while it is made; `load` gives the
 * file (and, when the user should hear of it, a sentence that it worked); a failure is notified
 * under `failed`.
 */
export function useCsvExport(
  t: TFunction,
  failed: string,
  load: () => Promise<{ filename: string; csv: string; done?: string }>,
) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { filename, csv, done } = await load();
      downloadText(filename, csv);
      if (done) notifySuccess(done);
    } catch (e) {
      notifyFailure(t, failed, e);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv: () => void exportCsv() };
}
