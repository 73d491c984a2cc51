/**
 * The pages a person sees when a scanned code leads nowhere (a browser asked for HTML): translated
 * by Accept-Language (Spanish for `es…`, English otherwise), no script, no outside resources.
 */
type Language = 'en' | 'es';

const TEXT: Record<Language, Record<'gone' | 'unknown', { title: string; body: string }>> = {
  en: {
    gone: { title: 'This QR code is no longer in use', body: 'The business that printed it has removed it. Ask them for a new one.' },
    unknown: { title: 'This QR code does not exist', body: 'Check that the whole code was scanned, or ask the business for a new one.' },
  },
  es: {
    gone: { title: 'Este código QR ya no está en uso', body: 'El negocio que lo imprimió lo ha retirado. Pídele uno nuevo.' },
    unknown: { title: 'Este código QR no existe', body: 'Comprueba que se ha escaneado el código entero o pide uno nuevo al negocio.' },
  },
};

/** Spanish when the browser's first Spanish-or-English preference is Spanish. */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function qrProblemPage(which: 'gone' | 'unknown', language: Language): string {
  const { title, body } = TEXT[language][which];
  return `<!doctype html>
<html lang="${language === 'es' ? 'es-ES' : 'en-US'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8f9fa;color:#212529}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.4rem}</style></head>
<body><main><h1>${title}</h1><p>${body}</p></main></body>
</html>`;
}
