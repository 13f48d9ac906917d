export default async function globalTeardown() {
  for (const service of globalThis.__plantfolkTestServices ?? []) await service.stop();
}
