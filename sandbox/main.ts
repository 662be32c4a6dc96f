import { startSandbox } from './index';

const port = Number(process.env.SANDBOX_PORT ?? 8790);
const sandbox = await startSandbox(port);
console.log(`partner sandbox listening on ${sandbox.origin}`);
