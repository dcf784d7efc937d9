import { Subject } from 'rxjs';
import type { ApiError } from '../api/errors.ts';
import type { MessageRef } from '../i18n/message.ts';

/**
 * Application-wide happenings that several places react to (docs/design.md §1): the web alert
 * area and the CLI printer subscribe to it. No machine reads it: machines get their failures
 * from their own actors.
 */
export type AppEvent =
  | { readonly type: 'http.error'; readonly error: ApiError; readonly message: MessageRef }
  | { readonly type: 'alert.success'; readonly message: MessageRef }
  | { readonly type: 'session.expired' }
  | { readonly type: 'download.progress'; readonly loaded: number; readonly total: number | undefined };

export type AppEvents = Subject<AppEvent>;

/**
 * What the API client needs of the stream: somewhere to publish. The web hands it an
 * `AppEvents`; the CLI a plain listener, so a command loads no rxjs.
 */
export interface AppEventSink {
  next(event: AppEvent): void;
}

/** A fresh stream; the web and the CLI each create one at start and hand it to the API runtime. */
export const createAppEvents = (): AppEvents => new Subject<AppEvent>();
