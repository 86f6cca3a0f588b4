/** A select's options from named records (none while they load): the id chosen, the name shown. */
export const nameOptions = (records: readonly { id: string; name: string }[] | undefined) =>
  (records ?? []).map((r) => ({ value: r.id, label: r.name }));
