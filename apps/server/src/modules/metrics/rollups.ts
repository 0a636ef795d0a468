/**
 * What other modules use of the metrics rollups: after writing fills, sightings or queue samples,
 * the writer refreshes the rollup buckets it touched (ingest does, in the same transaction). The
 * rollup repositories stay the metrics module's own (docs/ARCHITECTURE.md, "Import rules").
 */
export { refreshSalesRollups } from './sales-rollup.repository';
export { refreshSightingsDaily } from './sightings-rollup.repository';
