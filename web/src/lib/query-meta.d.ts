import '@tanstack/react-query';

interface HiveMeta extends Record<string, unknown> {
  /** The query or mutation handles its own errors; the catalogue shows no toast. */
  silentErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: HiveMeta;
    mutationMeta: HiveMeta;
  }
}
