// `npm run dev`: the API server with reload on change (tsx watch) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

// Links the server prints (the setup link) should open the hot-reloading UI.
const serverEnv = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env: serverEnv }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
console.log('\nDevelopment: open http://localhost:5173 (Vite, hot reload); the API runs on http://localhost:3000.\n');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
