// Starts Swagger UI on the shop's own document; a file, not an inline script, for the CSP.
/* global window, SwaggerUIBundle, SwaggerUIStandalonePreset */
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  // Otherwise the page sends the document's address to validator.swagger.io for a badge.
  validatorUrl: null,
});
