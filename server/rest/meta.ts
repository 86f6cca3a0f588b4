// The REST metadata is part of a procedure's tRPC meta, so it is defined beside tRPC's setup
// (server/trpc/meta.ts, which the tRPC layer imports without importing the REST adapter).
export * from '../trpc/meta';
