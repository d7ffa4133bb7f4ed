import S3rver from 's3rver';

/** An S3 server (s3rver) the tests started, and the app's configuration for its buckets. */
export type TestS3Server = {
  /** What an app (or a backup command) is given to keep its documents in `bucket`. */
  env: (bucket: string) => Record<string, string>;
  close: () => Promise<void>;
};

/** Starts an S3 server on 127.0.0.1, keeping its objects under `directory`, with `buckets`. */
export async function startS3Server(directory: string, buckets: string[]): Promise<TestS3Server> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return {
    env: (bucket) => ({
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'me-central-2',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    close: () => server.close(),
  };
}
