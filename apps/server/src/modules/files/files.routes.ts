import {
  MAX_EVIDENCE_BYTES,
  ZApiError,
  ZFileParams,
  ZFileUploadQuery,
  ZStoredFile,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import type { FilesDeps } from './files.deps';
import { contentDisposition } from './files.presenter';
import { openFile, uploadEvidence } from './files.service';

const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  413: ZApiError,
  415: ZApiError,
};

/** Body types the upload accepts as raw bytes; the stored type is sniffed from the bytes. */
const RAW_TYPES = ['application/octet-stream', 'application/pdf'];
const IMAGE_TYPES = /^image\/[a-z0-9.+-]+$/;

/**
 * `/api/files`: evidence uploads (raw body, `?filename=&incidentId=`) and downloads. The raw body
 * parser lives in this plugin only, so no other route accepts binary bodies.
 */
export function filesRoutes(deps: FilesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const types of [RAW_TYPES, IMAGE_TYPES]) {
      app.addContentTypeParser(
        types,
        { parseAs: 'buffer', bodyLimit: MAX_EVIDENCE_BYTES },
        (_request, body, done) => done(null, body),
      );
    }

    app.post(
      '/api/files',
      {
        bodyLimit: MAX_EVIDENCE_BYTES,
        config: { grant: 'files:c' },
        schema: {
          tags: ['files'],
          summary:
            'Upload incident evidence: the raw bytes (image or PDF, at most 10 MiB) with ?filename=&incidentId=',
          querystring: ZFileUploadQuery,
          response: { 201: ZStoredFile, ...errors },
        },
      },
      async (request, reply) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes)) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as the raw request body');
        }
        const file = await uploadEvidence(deps, requireCaller(request), { ...request.query, bytes });
        return reply.status(201).send(file);
      },
    );

    app.get(
      '/api/files/:id',
      {
        config: { grant: 'files:r' },
        schema: {
          tags: ['files'],
          summary: 'The bytes of a file, with its content type (?download=1 for an attachment)',
          params: ZFileParams,
          querystring: z.object({ download: z.enum(['0', '1']).optional() }),
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const { file, stream } = await openFile(deps, requireCaller(request), request.params.id);
        const kind = request.query.download === '1' ? 'attachment' : 'inline';
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.sizeBytes))
          .header('content-disposition', contentDisposition(kind, file.filename))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=3600')
          .send(stream);
      },
    );
  };
}
