/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    // Off: the whole route manifest (about 2 KB gzip, a cached file) is in the browser from the
    // first hydrated page, so the next step is never discovered after the press (decision 0024).
    v3_lazyRouteDiscovery: false,
  },
};
