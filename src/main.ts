// The entry point: the only place that sees every layer. It starts the server (src/server) with the
// job explorer's server rendering (src/ssr, React), which the server takes as an option and so never
// imports (docs/decisions/012).
import { explorerRendering } from './ssr';
import { runServer } from './server/start';

runServer({ explorer: explorerRendering });
