import type { ReadStream } from 'node:fs';
import { MAX_EVIDENCE_BYTES, type TIncidentStatus, type TStoredFile } from '@forecourt/contracts';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { callerSeesStation } from '../../lib/scope/scope';
import { findIncident, updateIncident } from '../incidents/incidents';
import { recordIncidentChange } from '../incidents/incidents.service';
import type { FilesDeps } from './files.deps';
import { cleanFilename, presentFile } from './files.presenter';
import { findFile, insertFile } from './files.repository';
import { sniffEvidenceType } from './sniff';

/**
 * Stores an evidence file for an incident: the caller must be able to update the incident
 * (`incidents:u`, its station in their scope, not closed); the bytes must be an image or a PDF
 * (415 otherwise) of at most {@link MAX_EVIDENCE_BYTES}. The bytes are written (deduplicated by
 * hash) before the transaction that records the metadata and the timeline entry, so a failed
 * transaction can leave unreferenced bytes behind, never a row without its bytes.
 */
export async function uploadEvidence(
  deps: FilesDeps,
  caller: Caller,
  input: { filename: string; incidentId: number; bytes: Buffer },
): Promise<TStoredFile> {
  if (!caller.grants.has('incidents:u')) {
    throw new AppError('FORBIDDEN', 'Attaching evidence needs permission to update incidents');
  }
  const incident = await findIncident(deps.db, caller, input.incidentId);
  if (!incident) throw notFound('Incident');
  if (incident.status === 'closed') {
    throw new AppError('CONFLICT', 'The incident is closed; reopen it to add evidence');
  }
  if (input.bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty');
  if (input.bytes.length > MAX_EVIDENCE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Evidence files are limited to 10 MiB');
  }
  const contentType = sniffEvidenceType(input.bytes);
  if (!contentType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Evidence must be an image (PNG, JPEG, GIF, WebP) or a PDF');
  }
  const sha256 = await deps.files.put(input.bytes);
  const filename = cleanFilename(input.filename);
  const at = deps.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const current = await findIncident(trx, caller, incident.id);
    if (!current || current.status === 'closed') {
      throw new AppError('CONFLICT', 'The incident changed meanwhile; reload it and try again');
    }
    const fileId = await insertFile(trx, {
      organizationId: caller.organizationId,
      incidentId: current.id,
      stationId: current.stationId,
      filename,
      contentType,
      sizeBytes: input.bytes.length,
      sha256,
      uploadedByUserId: caller.userId,
      createdAt: at,
    });
    await updateIncident(trx, current.id, current.status as TIncidentStatus, { updatedAt: at });
    await recordIncidentChange(trx, caller, current, at, {
      kind: 'evidence',
      data: { fileId, filename, contentType, sizeBytes: input.bytes.length },
      audit: 'incident.evidence_added',
    });
    return fileId;
  });
  const row = await findFile(deps.db, caller.organizationId, id);
  if (!row) throw notFound('File');
  return presentFile(row);
}

/** A file's metadata and bytes; 404 for another organisation's file or a station outside scope. */
export async function openFile(
  deps: FilesDeps,
  caller: Caller,
  id: number,
): Promise<{ file: TStoredFile; stream: ReadStream }> {
  const row = await findFile(deps.db, caller.organizationId, id);
  if (!row || (row.stationId !== null && !callerSeesStation(caller, row.stationId))) throw notFound('File');
  const stream = await deps.files.open(row.sha256);
  if (!stream) throw notFound('File');
  return { file: presentFile(row), stream };
}
