import { randomBytes } from 'node:crypto';

/** What a browser-facing answer needs of Fastify's reply. */
export interface PageReply {
  status(code: number): PageReply;
  header(name: string, value: string): PageReply;
  send(body?: string): unknown;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,sans-serif;margin:0;padding:1rem;background:#f4f5f7;color:#1d1f23}
main{max-width:32rem;margin:0 auto}h1{font-size:1.35rem}
.card{background:#fff;border-radius:12px;padding:1rem;margin:.75rem 0;box-shadow:0 1px 3px #0002;display:flex;align-items:center;gap:.75rem;flex-wrap:wrap}
.name{font-weight:600;flex:1;min-width:6rem}.actions{display:flex;gap:.5rem}.meta{font-size:.85rem;color:#5b6270;width:100%}
.state{font-size:.8rem;padding:.2rem .55rem;border-radius:99px;background:#e6e8eb}
.state.connected{background:#d3f5dd;color:#11612b}.state.error,.state.revoked{background:#fde2e1;color:#8a1c17}
a.button,button{display:inline-flex;align-items:center;box-sizing:border-box;font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #1f6feb;background:#1f6feb;color:#fff;text-decoration:none;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#1f6feb}
.banner{padding:.75rem 1rem;border-radius:8px;margin:.75rem 0}.banner.ok{background:#d3f5dd}.banner.bad{background:#fde2e1}`;

/** A complete HTML page with a strict CSP (inline script only with this answer's nonce) and no Referer (links carry tickets). */
export function sendPage(reply: PageReply, status: number, title: string, body: string, script = ''): unknown {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; base-uri 'none'`)
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`);
}

export function messagePage(reply: PageReply, status: number, title: string, message: string): unknown {
  return sendPage(reply, status, title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}

export interface WidgetEntry {
  readonly slug: string;
  readonly name: string;
  readonly state: string;
  readonly lastSyncAt: string | null;
  readonly lastError: string | null;
  readonly connectUrl: string;
}

/** The connection widget: one card per source with its state and a connect or disconnect button. */
export function widgetPage(reply: PageReply, entries: readonly WidgetEntry[], banner: { ok: boolean; text: string } | null, ticket: string, disconnectUrl: string): unknown {
  const cards = entries
    .map((e) => {
      const meta = [e.lastSyncAt ? `Last sync ${e.lastSyncAt}` : null, e.lastError].filter(Boolean).map((t) => escape(t as string)).join(' · ');
      // Connected: disconnect. Failed or withdrawn: connect again, or disconnect. Otherwise: connect.
      const retry = e.state === 'error' || e.state === 'revoked';
      const connect = e.state === 'connected' ? '' : `<a class="button" href="${escape(e.connectUrl)}" data-connect="${escape(e.slug)}">${retry ? 'Reconnect' : 'Connect'}</a>`;
      const disconnect = e.state === 'connected' || retry ? `<button class="secondary" data-disconnect="${escape(e.slug)}">Disconnect</button>` : '';
      const action = `<span class="actions">${connect}${disconnect}</span>`;
      return `<div class="card" data-source="${escape(e.slug)}"><span class="name">${escape(e.name)}</span>` +
        `<span class="state ${escape(e.state)}" data-state>${escape(e.state.replace('_', ' '))}</span>${action}` +
        (meta ? `<span class="meta">${meta}</span>` : '') + '</div>';
    })
    .join('\n');
  const top = banner ? `<div class="banner ${banner.ok ? 'ok' : 'bad'}" role="status">${escape(banner.text)}</div>` : '';
  const script = `
for (const button of document.querySelectorAll('[data-disconnect]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const answer = await fetch(${scriptValue(disconnectUrl)}, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: ${scriptValue(ticket)}, source: button.dataset.disconnect }) });
    if (answer.ok) location.reload(); else { button.disabled = false; alert('Could not disconnect (' + answer.status + ').'); }
  });
}`;
  return sendPage(reply, 200, 'Connect your devices', `<h1>Connect your devices</h1>${top}${cards || '<p>No source can be connected on this server.</p>'}`, script);
}

/** A value as a JavaScript literal inside <script>: JSON with `<` escaped, so no text can close the element. */
function scriptValue(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
