import Dropzone, { type DropzoneFile } from 'dropzone';
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import { numberSetting, textSetting } from '../../src/core/config';
import {
  PHOTO_STAGES,
  type PhotoStage,
  photoUploadPath,
  photoUploadResponse,
} from '../../src/core/contract';
import { safeHref } from '../../src/core/safe-url';
import { apiFor } from '../../src/runtime/api';
import { CSRF_FIELD, csrfToken } from '../../src/runtime/csrf';
import { useConfig, useHost } from '../../src/runtime/define';
import { useErrorText, useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { keepPhoto } from './keep-photo';
import { type UploadWords, uploadMessages } from './limits';
import messages from './messages';
import { readXhrAnswer } from './xhr-answer';

export interface UploadProps {
  siteId: number;
  jobId: number;
  /** Which photos these are, sent with each: `before` or `after` (anything else: none). */
  stage?: string;
  /** Keeps each photo on the device and sends it from there, once (the engineer's job page). */
  offline: boolean;
}

/** `detail` of `fm-photo-uploaded`. */
export interface PhotoUploadedDetail {
  jobId: number;
  photo: { id: number; filename: string; url: string };
}

type FileState =
  | { status: 'uploading'; progress: number }
  /** `url` is null when the host's address is not one a link may follow. */
  | { status: 'done'; url: string | null }
  /** Kept on the device (`offline`), to be sent when connected. */
  | { status: 'kept' }
  | { status: 'failed'; message: string }
  | { status: 'rejected'; message: string };

interface Row {
  key: string;
  name: string;
  state: FileState;
}

/** The page configuration's drop zone limits (README "Page configuration"). */
const uploadConfig = {
  uploadMaxFileSize: numberSetting(10),
  uploadMaxFiles: numberSetting(10),
  uploadAcceptedFiles: textSetting('image/*'),
};

/** Where and how a drop zone posts its photos. */
interface PhotoDropzoneSettings {
  url: string;
  timeout: number;
  siteId: number;
  jobId: number;
  limits: { maxFileSize: number; maxFiles: number; acceptedFiles: string };
  messages: Pick<ReturnType<typeof uploadMessages>, 'tooBig' | 'wrongType' | 'tooMany'>;
  onUnsupported(): void;
  /** Offline: each file the limits accept is handed here instead of being uploaded. */
  keep?: (file: DropzoneFile) => void;
}

/** The drop zone in `container`, its files chosen with `chooser`. */
function photoDropzone(container: HTMLElement, chooser: HTMLElement, to: PhotoDropzoneSettings) {
  // Dropzone sends with its own XMLHttpRequest, not our ky client: per-file progress needs XHR's
  // upload events (fetch reports upload progress only on a streamed body, which Chromium sends
  // over HTTP/2 alone, and legacy hosts serve HTTP/1.1), and Dropzone takes no other transport.
  return new Dropzone(container, {
    url: to.url,
    paramName: 'file',
    // A function: Dropzone 6.3 deep-merges an object into its default function and ignores it.
    params: (() => ({
      site_id: String(to.siteId),
      job_id: String(to.jobId),
      [CSRF_FIELD]: csrfToken(),
    })) as never,
    headers: { 'X-CSRF-Token': csrfToken() },
    maxFilesize: to.limits.maxFileSize,
    maxFiles: to.limits.maxFiles,
    acceptedFiles: to.limits.acceptedFiles,
    timeout: to.timeout,
    clickable: chooser,
    hiddenInputContainer: container,
    disablePreviews: true,
    createImageThumbnails: false,
    // Dropzone's own fallback writes its options into HTML (the upload URL from the page
    // configuration among them): we say it in words instead.
    fallback: to.onUnsupported,
    dictFileTooBig: to.messages.tooBig,
    dictInvalidFileType: to.messages.wrongType,
    dictMaxFilesExceeded: to.messages.tooMany,
    // Called by Dropzone once its own limits pass: the file goes to the device, not the queue.
    ...(to.keep
      ? {
          autoQueue: false,
          accept: (file: DropzoneFile, done: (error?: string) => void) => {
            done();
            to.keep?.(file);
          },
        }
      : {}),
  });
}

/** What the drop zone's events tell: the files it holds, their rows, and what is read out. */
interface UploadListeners {
  files: Map<string, DropzoneFile>;
  words: UploadWords;
  /** A failure in the element's words (useErrorText). */
  errorText(error: unknown): string;
  setRows: Dispatch<SetStateAction<Row[]>>;
  setAnnouncement(text: string): void;
  uploaded(photo: PhotoUploadedDetail['photo']): void;
}

const keyOf = (file: DropzoneFile) => file.upload?.uuid ?? file.name;

/** Follows each file the drop zone takes, from added through progress to its answer. */
function followUploads(dropzone: Dropzone, to: UploadListeners) {
  const update = (key: string, state: FileState) =>
    to.setRows((current) => current.map((row) => (row.key === key ? { ...row, state } : row)));
  dropzone.on('addedfile', (file: DropzoneFile) => {
    const key = keyOf(file);
    to.files.set(key, file);
    to.setRows((current) => [
      ...current,
      { key, name: file.name, state: { status: 'uploading', progress: 0 } },
    ]);
  });
  dropzone.on('uploadprogress', (file: DropzoneFile, progress: number) =>
    update(keyOf(file), { status: 'uploading', progress: Math.round(progress) }),
  );
  // Dropzone's own reading of an answer (its "Invalid JSON" text, a login page as a string) is
  // set aside: the answer is read as every other call's is, so it fails with the same messages.
  const timedOut = new WeakSet<XMLHttpRequest>();
  const fail = (file: DropzoneFile, status: 'failed' | 'rejected', message: string) => {
    update(keyOf(file), { status, message });
    to.setAnnouncement(to.words.fileMessage({ name: file.name, message }));
  };
  const settle = (file: DropzoneFile, xhr: XMLHttpRequest) => {
    try {
      const what = `POST ${photoUploadPath()}`;
      const { photo } = readXhrAnswer(xhr, photoUploadResponse, what, timedOut.has(xhr));
      update(keyOf(file), { status: 'done', url: safeHref(photo.url) });
      to.setAnnouncement(to.words.uploadedFile(file.name));
      to.uploaded(photo);
    } catch (error) {
      fail(file, 'failed', to.errorText(error));
    }
  };
  // Dropzone reports a timeout as a status-0 error, as it does a lost connection: its handler,
  // set before 'sending', is wrapped so that the request is marked first.
  dropzone.on('sending', (_file: DropzoneFile, xhr: XMLHttpRequest) => {
    const reportTimeout = xhr.ontimeout;
    xhr.ontimeout = (event) => {
      timedOut.add(xhr);
      reportTimeout?.call(xhr, event);
    };
  });
  dropzone.on('success', (file: DropzoneFile) => file.xhr && settle(file, file.xhr));
  dropzone.on('error', (file: DropzoneFile, message: unknown, xhr?: XMLHttpRequest) => {
    if (file.accepted === false || !xhr) fail(file, 'rejected', String(message));
    else settle(file, xhr);
  });
}

/** Where a kept photo goes, and how its row and the status region hear of it. */
interface KeepTo {
  api: ReturnType<typeof apiFor>;
  words: UploadWords;
  siteId: number;
  jobId: number;
  stage: PhotoStage | undefined;
  setRows: Dispatch<SetStateAction<Row[]>>;
  setAnnouncement(text: string): void;
  uploaded(photo: PhotoUploadedDetail['photo']): void;
}

/** Offline: the file goes to the device's outbox and is sent from there (keep-photo.ts). */
function keepFile(file: DropzoneFile, to: KeepTo) {
  const update = (state: FileState) =>
    to.setRows((current) =>
      current.map((row) => (row.key === keyOf(file) ? { ...row, state } : row)),
    );
  void keepPhoto(to.api, file, to).then((outcome) => {
    if (outcome.kind === 'refused') {
      update({ status: 'rejected', message: outcome.message });
      to.setAnnouncement(to.words.fileMessage({ name: file.name, message: outcome.message }));
    } else if (outcome.kind === 'kept') {
      update({ status: 'kept' });
      to.setAnnouncement(to.words.fileMessage({ name: file.name, message: to.words.kept() }));
    } else {
      update({ status: 'done', url: safeHref(outcome.photo.url) });
      to.setAnnouncement(to.words.uploadedFile(file.name));
      to.uploaded(outcome.photo);
    }
  });
}

/** `before`, `after`, or none. */
const stageOf = (stage: string | undefined): PhotoStage | undefined =>
  PHOTO_STAGES.find((known) => known === stage);

/** A file in the list: its progress, the link to it once uploaded, or why it failed. */
function FileRow({
  row,
  words,
  onRetry,
  onRemove,
}: {
  row: Row;
  words: UploadWords;
  onRetry(): void;
  onRemove(): void;
}) {
  return (
    <li className={`fm-upload__file is-${row.state.status}`}>
      <span className="fm-upload__name">{row.name}</span>
      {row.state.status === 'uploading' && (
        <progress
          className="fm-upload__progress"
          max={100}
          value={row.state.progress}
          aria-label={words.uploading(row.name)}
        >
          {row.state.progress}%
        </progress>
      )}
      {row.state.status === 'kept' && <span className="fm-upload__message">{words.kept()}</span>}
      {row.state.status === 'done' &&
        (row.state.url === null ? (
          <span className="fm-upload__message">{words.uploaded()}</span>
        ) : (
          <a className="fm-upload__link" href={row.state.url}>
            {words.uploadedView()}
          </a>
        ))}
      {(row.state.status === 'failed' || row.state.status === 'rejected') && (
        <span className="fm-upload__message">{row.state.message}</span>
      )}
      {row.state.status === 'failed' && (
        <button
          type="button"
          className="btn btn-sm"
          aria-label={words.retryFile(row.name)}
          onClick={onRetry}
        >
          {words.retry()}
        </button>
      )}
      {(row.state.status === 'failed' || row.state.status === 'rejected') && (
        <button
          type="button"
          className="btn btn-sm"
          aria-label={words.removeFile(row.name)}
          onClick={onRemove}
        >
          {words.remove()}
        </button>
      )}
    </li>
  );
}

/**
 * A drop zone posting photos to the host with the job's site_id and job_id (docs/requirements.md §7
 * call 16): files over the size limit, of a type not accepted or beyond the count are refused with
 * a message giving the limit; each file shows its progress, and a failed upload can be retried.
 */
export function Upload({ siteId, jobId, stage, offline }: UploadProps) {
  const { emit } = useHost();
  const config = useConfig();
  const api = apiFor(config);
  const upload = useConfig(uploadConfig);
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const zone = useRef<Dropzone | null>(null);
  const files = useRef(new Map<string, DropzoneFile>());
  const [rows, setRows] = useState<Row[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [unsupported, setUnsupported] = useState(false);
  const limits = {
    maxFileSize: upload.uploadMaxFileSize,
    maxFiles: upload.uploadMaxFiles,
    acceptedFiles: upload.uploadAcceptedFiles,
  };
  const words = useWords(messages).upload;
  const errorText = useErrorText();
  const refusals = uploadMessages(limits, words);
  // The drop zone's handlers say what happened in the words of the latest render.
  const latestWords = useRef({ words, errorText });
  latestWords.current = { words, errorText };
  const latestEmit = useRef(emit);
  latestEmit.current = emit;

  useEffect(() => {
    if (!area.current || !chooser.current) return;
    const container = area.current;
    const dropzone = photoDropzone(container, chooser.current, {
      url: `${config.apiBase.replace(/\/$/, '')}${photoUploadPath()}`,
      timeout: config.timeout,
      siteId,
      jobId,
      limits: {
        maxFileSize: limits.maxFileSize,
        maxFiles: limits.maxFiles,
        acceptedFiles: limits.acceptedFiles,
      },
      messages: {
        tooBig: refusals.tooBig,
        wrongType: refusals.wrongType,
        tooMany: refusals.tooMany,
      },
      onUnsupported: () => setUnsupported(true),
      ...(offline
        ? {
            keep: (file: DropzoneFile) =>
              keepFile(file, {
                api,
                get words() {
                  return latestWords.current.words;
                },
                siteId,
                jobId,
                stage: stageOf(stage),
                setRows,
                setAnnouncement,
                uploaded: (photo) => latestEmit.current('fm-photo-uploaded', { jobId, photo }),
              }),
          }
        : {}),
    });
    followUploads(dropzone, {
      files: files.current,
      get words() {
        return latestWords.current.words;
      },
      errorText: (error) => latestWords.current.errorText(error),
      setRows,
      setAnnouncement,
      uploaded: (photo) => latestEmit.current('fm-photo-uploaded', { jobId, photo }),
    });
    zone.current = dropzone;
    return () => {
      dropzone.destroy();
      zone.current = null;
      files.current.clear();
    };
    // Limits and ids are read once per connection: a new drop zone for new values.
  }, [
    siteId,
    jobId,
    stage,
    offline,
    api,
    config.apiBase,
    config.timeout,
    limits.maxFileSize,
    limits.maxFiles,
    limits.acceptedFiles,
    refusals.tooBig,
    refusals.wrongType,
    refusals.tooMany,
  ]);

  function retry(key: string) {
    const file = files.current.get(key);
    if (!file || !zone.current) return;
    file.status = Dropzone.ADDED;
    zone.current.enqueueFile(file);
    setRows((current) =>
      current.map((row) =>
        row.key === key ? { ...row, state: { status: 'uploading', progress: 0 } } : row,
      ),
    );
  }

  function remove(key: string) {
    const file = files.current.get(key);
    if (file) zone.current?.removeFile(file);
    files.current.delete(key);
    setRows((current) => current.filter((row) => row.key !== key));
    chooser.current?.focus();
  }

  return (
    <div className="fm-upload">
      <div className="fm-upload__area" ref={area} aria-describedby={`${id}hint`}>
        <p className="fm-upload__prompt">{words.prompt()}</p>
        <button type="button" className="btn btn-primary" ref={chooser}>
          {words.choose()}
        </button>
        <p className="fm-upload__hint" id={`${id}hint`}>
          {refusals.hint}
        </p>
        {unsupported && (
          <Alert kind="danger" box="fm-upload__message" messages={words.unsupported()} />
        )}
      </div>
      {rows.length > 0 && (
        <ul className="fm-upload__files" aria-label={words.files()}>
          {rows.map((row) => (
            <FileRow
              key={row.key}
              row={row}
              words={words}
              onRetry={() => retry(row.key)}
              onRemove={() => remove(row.key)}
            />
          ))}
        </ul>
      )}
      <p className="fm-visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
