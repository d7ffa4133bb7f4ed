import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * The smallest ZIP writer an .xlsx needs, streaming into `output` with its backpressure: each
 * entry deflated, the one large entry (the sheet) fed in chunks and compressed off the event
 * loop by zlib's thread pool, its CRC and sizes in a data descriptor after it. Entry names are
 * ASCII. No ZIP64: an entry or the file past 4 GiB (about eight million referrals) is refused
 * with an error rather than written as a corrupt file.
 */

const LIMIT = 0xffff_ffff;
// General purpose flags: bit 3, sizes and CRC follow the data; bit 11, names are UTF-8.
const FLAGS_STREAMED = 0x0808;
const FLAGS_KNOWN = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
// Speed over size: on the sheet's XML, level 6 (zlib's default) costs about three times the
// CPU of level 1 for a file a fifth smaller; level 1 already shrinks it about sevenfold.
const LEVEL = 1;
/**
 * Bytes handed to zlib at once, and its output chunks: each call to zlib costs a round trip to
 * its thread pool and each chunk a write to the socket, so a few hundred kilobytes at a time
 * rather than the stream's default of 16 KB.
 */
const BLOCK = 256 * 1024;

type Entry = {
  name: Buffer;
  flags: number;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
  time: number;
  date: number;
};

/** The MS-DOS time and date fields of a local time (two-second steps, years from 1980). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * The fields a local header and its central directory record share, in the same order from
 * `at` (APPNOTE.TXT 4.3.7 and 4.3.12): version needed, flags, method, time, date, CRC, sizes
 * and the name's length.
 */
function writeEntryFields(record: Buffer, at: number, entry: Entry): void {
  record.writeUInt16LE(VERSION, at);
  record.writeUInt16LE(entry.flags, at + 2);
  record.writeUInt16LE(DEFLATE, at + 4);
  record.writeUInt16LE(entry.time, at + 6);
  record.writeUInt16LE(entry.date, at + 8);
  // Zero in a streamed entry's local header: the data descriptor carries them.
  record.writeUInt32LE(entry.crc, at + 10);
  record.writeUInt32LE(entry.compressed, at + 14);
  record.writeUInt32LE(entry.size, at + 18);
  record.writeUInt16LE(entry.name.length, at + 22);
}

/** Resolves once `output` takes more; rejects if it is closed first (the download abandoned). */
function drained(output: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      output.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new OutputClosed());
    output.on('drain', onDrain);
    output.on('close', onClose);
    output.on('error', done);
  });
}

/** The output went away before the file was complete: nobody is left to read it. */
export class OutputClosed extends Error {
  constructor() {
    super('the output was closed before the file was complete');
  }
}

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly output: Writable,
    modified: Date,
  ) {
    this.stamp = dosDateTime(modified);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.output.destroyed) throw new OutputClosed();
    this.offset += chunk.length;
    if (this.offset > LIMIT) throw new Error('the file passes 4 GiB, which needs ZIP64');
    if (!this.output.write(chunk)) await drained(this.output);
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(header, 4, entry);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, entry.name]);
  }

  private newEntry(name: string, flags: number): Entry {
    return {
      name: Buffer.from(name, 'utf8'),
      flags,
      crc: 0,
      size: 0,
      compressed: 0,
      offset: this.offset,
      ...this.stamp,
    };
  }

  /** A small entry whole: compressed at once, its sizes known before its header. */
  async add(name: string, content: string): Promise<void> {
    const data = Buffer.from(content, 'utf8');
    const compressed = deflateRawSync(data, { level: LEVEL });
    const entry = {
      ...this.newEntry(name, FLAGS_KNOWN),
      crc: crc32(data),
      size: data.length,
      compressed: compressed.length,
    };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    await this.write(compressed);
  }

  /**
   * A large entry from text as it comes: gathered into blocks of about `BLOCK` bytes, each
   * compressed on zlib's thread pool and written on as it comes out, waiting whenever `output`
   * (or zlib) is full, so what is held in memory stays about a block whatever the entry's size.
   */
  async stream(name: string, texts: AsyncIterable<string>): Promise<void> {
    const entry = this.newEntry(name, FLAGS_STREAMED);
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    const deflate = createDeflateRaw({ level: LEVEL, chunkSize: BLOCK });
    // Compressed bytes are copied to `output` in order by one loop, never concurrently.
    const copied = (async () => {
      for await (const piece of deflate as AsyncIterable<Buffer>) {
        entry.compressed += piece.length;
        await this.write(piece);
      }
    })();
    // Its failure is awaited below; until then it must not count as unhandled.
    copied.catch(() => {});
    let block: Buffer[] = [];
    let blockSize = 0;
    const compress = async () => {
      const data = Buffer.concat(block, blockSize);
      block = [];
      blockSize = 0;
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      if (entry.size > LIMIT) throw new Error('the sheet passes 4 GiB, which needs ZIP64');
      if (!deflate.write(data)) await Promise.race([once(deflate, 'drain'), copied]);
    };
    try {
      for await (const text of texts) {
        const data = Buffer.from(text, 'utf8');
        block.push(data);
        blockSize += data.length;
        if (blockSize >= BLOCK) await compress();
      }
      if (blockSize > 0) await compress();
      deflate.end();
      await copied;
    } catch (error) {
      deflate.destroy();
      // The copy loop ends with the destroyed stream; its own failure, if any, is this one's.
      await copied.catch(() => {});
      throw error;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
  }

  /** The central directory and its end record: the file is complete after this. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      // Version made by, then the fields the local header has.
      record.writeUInt16LE(VERSION, 4);
      writeEntryFields(record, 6, entry);
      // Extra field, comment, disk number, attributes: none.
      record.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
