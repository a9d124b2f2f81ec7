// The reference page's start: Swagger UI on the shop's own document (no inline script: the CSP).
/* global window, SwaggerUIBundle */
window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
