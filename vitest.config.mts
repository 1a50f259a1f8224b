import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // tests/desk: the desk against a real PostgreSQL each file starts (tests/desk/postgresServer.ts).
          include: [
            'tests/unit/**/*.test.ts',
            'tests/desk/**/*.test.ts',
            'src/{core,shared,host,cli,main}/**/*.test.ts',
          ],
          environment: 'node',
          // The CLI tests run bin/episcore, which runs the bundle: built from the sources they test.
          globalSetup: ['tests/buildCli.ts'],
        },
      },
      {
        // The renderer's own logic, tested beside the components that use it.
        extends: true,
        test: { name: 'renderer', include: ['src/renderer/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
})
