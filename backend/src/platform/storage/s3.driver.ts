import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { StorageDriver, type StoredObject } from './storage-driver';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
}

/**
 * Keys of the private area. A public ref's segments start with a letter or digit (storage-ref.ts),
 * so no public ref can name a key under this prefix.
 */
const PRIVATE_PREFIX = '_private/';

/**
 * Stores images in an S3-compatible bucket (MinIO, AWS S3, R2 …); the key is the ref, or
 * `_private/<ref>` in the private area. The bucket itself is never public: the API serves it.
 */
export class S3Driver extends StorageDriver {
  readonly name = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    });
  }

  async put(ref: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: ref,
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async putPrivate(ref: string, body: Buffer): Promise<void> {
    await this.put(PRIVATE_PREFIX + ref, body, 'application/octet-stream');
  }

  async getPrivate(ref: string): Promise<Buffer | null> {
    const object = await this.get(PRIVATE_PREFIX + ref);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async deletePrivate(refs: string[]): Promise<void> {
    await this.delete(refs.map((ref) => PRIVATE_PREFIX + ref));
  }

  async get(ref: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: ref }),
      );
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength ?? 0,
        etag: object.ETag ?? `"${ref}"`,
        lastModified: object.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  async delete(refs: string[]): Promise<void> {
    for (let start = 0; start < refs.length; start += 1000) {
      const batch = refs.slice(start, start + 1000);
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length)
        throw new Error(`S3 could not delete ${failed.length} object(s): ${failed[0].Message}`);
    }
  }

  destroy() {
    this.client.destroy();
  }
}
