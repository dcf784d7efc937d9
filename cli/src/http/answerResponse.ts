import type { Answer } from './transport.ts';

/** Statuses whose answer has no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/** The answer's headers as `fetch`'s `Headers` are read: by name (any case), or iterated. */
class AnswerHeaders {
  readonly #values: Readonly<Record<string, string>>;
  constructor(values: Readonly<Record<string, string>>) {
    this.#values = values;
  }
  get(name: string): string | null {
    return this.#values[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return name.toLowerCase() in this.#values;
  }
  getSetCookie(): string[] {
    const value = this.#values['set-cookie'];
    return value === undefined ? [] : [value];
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of Object.entries(this.#values)) callback(value, name);
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return Object.entries(this.#values)[Symbol.iterator]();
  }
}

/**
 * A transport's answer as the `Response` core's client reads (status, headers, the body whole or
 * as a stream), without Node's `Response`: that one loads Node's whole `fetch` (undici), about
 * 25 ms of CPU on every command that calls the API.
 */
export class AnswerResponse {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: AnswerHeaders;
  readonly #answer: Answer;
  bodyUsed = false;
  constructor(answer: Answer) {
    this.#answer = answer;
    this.status = answer.status;
    this.statusText = answer.statusText;
    this.url = answer.url;
    this.headers = new AnswerHeaders(answer.headers);
  }
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  #stream: ReadableStream<Uint8Array> | undefined;
  /** One stream, whoever asks: a reader that checks `body` before reading it gets the same. */
  get body(): ReadableStream<Uint8Array> | null {
    if (NO_BODY.has(this.status)) return null;
    this.bodyUsed = true;
    this.#stream ??= ReadableStream.from(this.#answer.body) as ReadableStream<Uint8Array>;
    return this.#stream;
  }
  text(): Promise<string> {
    this.bodyUsed = true;
    return NO_BODY.has(this.status) ? Promise.resolve('') : this.#answer.text();
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    this.bodyUsed = true;
    const bytes = NO_BODY.has(this.status) ? new Uint8Array() : await this.#answer.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  formData(): Promise<never> {
    return Promise.reject(new Error('a form answer is not read by the terminal'));
  }
}
