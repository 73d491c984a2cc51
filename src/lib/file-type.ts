/** File types that get their own icon (SPEC §9), and the kind of icon each one uses. */

export const FILE_TYPES = [
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'txt', 'zip',
] as const;

export type KnownFileType = (typeof FILE_TYPES)[number];
export type FileType = KnownFileType | 'unknown';
export type FileKind = 'pdf' | 'document' | 'spreadsheet' | 'image' | 'text' | 'archive' | 'unknown';

const MIME_TYPES: Readonly<Record<string, KnownFileType>> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'text/plain': 'txt',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

const KINDS: Readonly<Record<FileType, FileKind>> = {
  pdf: 'pdf',
  doc: 'document',
  docx: 'document',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  txt: 'text',
  zip: 'archive',
  unknown: 'unknown',
};

function isKnownFileType(value: string): value is KnownFileType {
  return (FILE_TYPES as readonly string[]).includes(value);
}

/**
 * The file type of a file name, path, URL or MIME type, case-insensitively:
 * 'Invoice.PDF' → 'pdf', 'https://x/a.png?v=2' → 'png', 'image/jpeg' → 'jpg'.
 */
export function fileTypeOf(fileNameOrMime: string | null | undefined): FileType {
  const value = (fileNameOrMime ?? '').trim().toLowerCase();
  const mime = MIME_TYPES[value.split(';')[0]?.trim() ?? ''];
  if (mime) return mime;
  const lastSegment = value.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const dot = lastSegment.lastIndexOf('.');
  if (dot < 0) return 'unknown';
  const extension = lastSegment.slice(dot + 1);
  return isKnownFileType(extension) ? extension : 'unknown';
}

/** Groups a file type into the kind the UI picks an icon for. */
export function fileKind(type: FileType): FileKind {
  return KINDS[type];
}
