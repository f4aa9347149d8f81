function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The vendor's consent screen: plain HTML, readable on a phone, two buttons. Approve comes first
 * in the form (Enter in the user field approves) and is shown on the right.
 */
export function consentPage(vendor: string, fields: Readonly<Record<string, string>>, suggestedUser: string): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');
  const title = vendor.charAt(0).toUpperCase() + vendor.slice(1);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} (sandbox): allow access?</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;background:#f4f5f7;color:#1d1f23}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}.note{color:#5b6270;font-size:.9rem}
label{display:block;margin:1rem 0 .3rem;font-weight:600}input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem}
.buttons{display:flex;flex-direction:row-reverse;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.8rem;font-size:1rem;border-radius:8px;border:1px solid #888;cursor:pointer}
button[value=approve]{background:#1f6feb;color:#fff;border-color:#1f6feb}
</style></head>
<body><main>
<h1>${escape(title)} sandbox</h1>
<p>An application asks to read your ${escape(title)} activity, sleep and heart rate data.</p>
<p class="note">This is a local stand-in for ${escape(title)}: the data is synthetic.</p>
<form method="post">
${hidden}
<label for="user">Sandbox user</label>
<input type="text" id="user" name="user" value="${escape(suggestedUser)}" maxlength="64" pattern="[A-Za-z0-9_-]{1,64}">
<div class="buttons"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form>
</main></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox error</title></head><body><h1>Authorization error</h1><p>${escape(message)}</p></body></html>`;
}
