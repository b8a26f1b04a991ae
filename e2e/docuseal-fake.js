// A fake DocuSeal for the document journeys: serves /js/builder.js (a <docuseal-builder> web
// component that asks this server to verify its token and shows the answer), checks builder tokens
// (HS256 with the API key, as DocuSeal's embedding documents describe), answers
// POST /api/submissions with one submitter per request, and records those requests.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const builderScript = `
const ORIGIN = new URL(document.currentScript.src).origin;
class DocusealBuilder extends HTMLElement {
  connectedCallback() {
    const status = document.createElement('p');
    status.textContent = 'DocuSeal builder: checking the token...';
    this.replaceChildren(status);
    fetch(ORIGIN + '/verify', { method: 'POST', body: this.dataset.token || '' })
      .then((r) => r.json())
      .then((v) => {
        status.textContent = v.ok
          ? 'DocuSeal builder ready for ' + v.claims.integration_email
          : 'DocuSeal builder: token refused';
      })
      .catch(() => (status.textContent = 'DocuSeal builder: verification failed'));
  }
}
customElements.define('docuseal-builder', DocusealBuilder);
`;

const b64url = (buf) => Buffer.from(buf).toString("base64url");

/** Verifies an HS256 JWT with key; returns its claims, or null. */
export function verifyJwt(token, key) {
  const [header, payload, signature] = String(token).split(".");
  if (!header || !payload || !signature) return null;
  const head = JSON.parse(Buffer.from(header, "base64url").toString());
  if (head.alg !== "HS256") return null;
  const expected = b64url(
    createHmac("sha256", key).update(`${header}.${payload}`).digest(),
  );
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  if (claims.exp && claims.exp * 1000 < Date.now()) return null;
  return claims;
}

/** Starts the fake on a free port; resolves to { url, apiKey, submissions, stop }. */
export async function startFakeDocuSeal({
  apiKey = "e2e-docuseal-api-key-0123456789",
} = {}) {
  const submissions = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const url = new URL(req.url, "http://fake");
      if (req.method === "GET" && url.pathname === "/js/builder.js") {
        res.writeHead(200, { "Content-Type": "text/javascript" });
        res.end(builderScript);
        return;
      }
      if (req.method === "POST" && url.pathname === "/verify") {
        const claims = verifyJwt(body, apiKey);
        res.writeHead(200, {
          "Content-Type": "application/json",
          "Access-Control-Allow-Origin": "*",
        });
        res.end(JSON.stringify({ ok: claims !== null, claims }));
        return;
      }
      if (req.method === "POST" && url.pathname === "/api/submissions") {
        if (req.headers["x-auth-token"] !== apiKey) {
          res.writeHead(401).end('{"error":"Not authenticated"}');
          return;
        }
        const request = JSON.parse(body);
        submissions.push(request);
        const n = submissions.length;
        const slug = `e2e${n}`;
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify([
            {
              id: 700 + n,
              submission_id: 800 + n,
              slug,
              email: request.submitters?.[0]?.email,
              status: "sent",
              embed_src: `${fake.url}/s/${slug}`,
            },
          ]),
        );
        return;
      }
      if (req.method === "GET" && url.pathname.startsWith("/s/")) {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end(
          "<!doctype html><title>Sign</title><h1>Fake DocuSeal signing form</h1>",
        );
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fake = {
    url: `http://127.0.0.1:${server.address().port}`,
    apiKey,
    submissions,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
  return fake;
}
