// Starts Swagger UI on /docs: a file rather than an inline script, so that the page's policy
// allows no inline script at all. The document's URL is the page's data-openapi attribute.
window.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-openapi"),
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
});
