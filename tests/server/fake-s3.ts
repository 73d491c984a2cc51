// A small S3-compatible server for the tests: path-style PutObject, GetObject, HeadObject and
// DeleteObject over HTTP on 127.0.0.1, objects in memory. It checks that each request is signed
// (an AWS SigV4 Authorization header with the expected access key), not the signature itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenSwitchable } from './fake-listener.ts';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request seen: method, key and its Authorization header. */
  requests: Array<{ method: string; key: string; authorization: string | undefined }>;
  /** false: every connection is dropped at once, as an unreachable bucket. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
}

const xmlError = (response: ServerResponse, status: number, code: string, message: string) => {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  // aws-chunked (a streamed body with trailing checksums): "<hex size>[;…]\r\n<data>\r\n" … "0\r\n…".
  if (!/aws-chunked/.test(String(request.headers['content-encoding'] ?? ''))) return raw;
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.toString('latin1', at, lineEnd).split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export async function startFakeS3(options: { bucket?: string; accessKeyId?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'cita-test-assets';
  const accessKeyId = options.accessKeyId ?? 'AKIACITATEST0000';
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, first, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const authorization = request.headers.authorization;
    requests.push({ method: request.method ?? '', key, authorization });
    if (!authorization?.startsWith('AWS4-HMAC-SHA256 ') || !authorization.includes(`Credential=${accessKeyId}/`)) {
      await bodyOf(request);
      return xmlError(response, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (first !== bucket) {
      await bodyOf(request);
      return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        const body = await bodyOf(request);
        objects.set(key, { body, contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: `"${body.length}"` });
        return response.end();
      }
      case 'GET':
        if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.body.length });
        return response.end(object.body);
      case 'HEAD':
        response.writeHead(object ? 200 : 404, object ? { 'content-length': object.body.length } : {});
        return response.end();
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      default:
        return xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed.');
    }
  });
  const listening = await listenSwitchable(server);
  return {
    endpoint: listening.url,
    bucket,
    accessKeyId,
    secretAccessKey: 'fake-secret-access-key',
    objects,
    requests,
    setReachable: listening.setReachable,
    close: listening.close,
  };
}

/** The server's environment (ASSET_S3_*, README "Image storage") for images in this fake bucket. */
export function fakeS3Env(s3: FakeS3): Record<string, string> {
  return {
    ASSET_S3_BUCKET: s3.bucket,
    ASSET_S3_ENDPOINT: s3.endpoint,
    ASSET_S3_REGION: 'us-east-1',
    ASSET_S3_ACCESS_KEY_ID: s3.accessKeyId,
    ASSET_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ASSET_S3_FORCE_PATH_STYLE: 'true',
  };
}
