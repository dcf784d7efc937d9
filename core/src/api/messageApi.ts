import { Effect, Schema } from 'effect';
import { respond } from '../contract/client.ts';
import { messages } from '../contract/messages.ts';
import type { Message } from '../domain/message.ts';
import { UploadedFile } from '../domain/message.ts';
import { decodeJson } from './request.ts';

const fileName = (file: Blob, index: number) =>
  'name' in file && typeof file.name === 'string' ? file.name : `fichier-${index + 1}`;

/** `POST api/upload`: multipart field `files`, one part per file; a body that is not JSON lists them as chosen. */
export const uploadFiles = (files: readonly Blob[]) =>
  Effect.suspend(() => {
    const form = new FormData();
    files.forEach((file, index) => {
      form.append('files', file, fileName(file, index));
    });
    return respond(messages.upload, { body: form }).pipe(
      Effect.flatMap((response) =>
        response.headers['content-type']?.includes('json')
          ? decodeJson(Schema.Array(UploadedFile))(response)
          : Effect.succeed(files.map((file, index) => ({ name: fileName(file, index), size: file.size }))),
      ),
    );
  });

/** `POST api/messages` multipart: `subject`, `message` (rich text), `id_police`, `files` (docs/design.md §5). */
export const sendMessage = (message: Message) =>
  Effect.suspend(() => {
    const form = new FormData();
    form.append('subject', message.subject);
    form.append('message', message.body);
    form.append('id_police', String(message.idPolice));
    message.attachments.forEach((file, index) => {
      form.append('files', file, fileName(file, index));
    });
    return Effect.asVoid(respond(messages.send, { body: form }));
  });
