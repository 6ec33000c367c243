import * as path from 'node:path';

/**
 * The browsable reference at /api/docs: Swagger UI (swagger-ui-dist), every file served by the
 * gateway itself under /api/docs/, and no inline script, so the page works under the app's
 * Content-Security-Policy (script-src 'self') unchanged. The page starts Swagger UI from
 * docs-init.js, which reads /api/openapi.json.
 */

/** Where swagger-ui-dist keeps its files (its package's own folder). */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const INIT_SCRIPT = `'use strict';
// Starts Swagger UI on /api/openapi.json (served as a file: the page's CSP allows no inline script).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // x-access: who may call each operation
    showExtensions: true,
    // no badge from an outside validator: the page talks to this gateway only
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // "Try it out" sends the session cookie (same origin) and marks a body-less request as the app's own
    requestInterceptor: function (request) {
      request.headers['X-Requested-With'] = 'bakery-web';
      return request;
    },
  });
});
`;

const PAGE_STYLE = `html { box-sizing: border-box; overflow-y: scroll; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: #fafafa; }
`;

export interface DocsFile {
  contentType: string;
  /** a file of swagger-ui-dist, or the text itself */
  file?: string;
  text?: string;
}

/** Every file /api/docs/:file serves: nothing else of the package (or of the disk) can be named. */
export const DOCS_FILES: Record<string, DocsFile> = {
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', file: path.join(SWAGGER_UI_DIR, 'swagger-ui.css') },
  'swagger-ui-bundle.js': { contentType: 'application/javascript; charset=utf-8', file: path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js') },
  'favicon-32x32.png': { contentType: 'image/png', file: path.join(SWAGGER_UI_DIR, 'favicon-32x32.png') },
  'docs-init.js': { contentType: 'application/javascript; charset=utf-8', text: INIT_SCRIPT },
  'docs.css': { contentType: 'text/css; charset=utf-8', text: PAGE_STYLE },
};

export const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Bakery Wholesale API</title>
  <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/docs-init.js"></script>
</body>
</html>
`;
