import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAgentArgs, UsageError } from './args';

describe('the command line', () => {
  it('reads the server, the token and the defaults', () => {
    expect(parseAgentArgs(['--server', 'https://sua.example.com', '--enrol', 'sua_enrol_abc'])).toEqual({
      help: false,
      options: {
        server: 'https://sua.example.com',
        enrolToken: 'sua_enrol_abc',
        credentialFile: join(homedir(), '.config', 'sua-agent', 'credential.json'),
        allowEndProcess: false,
        intervalS: null,
        once: false,
        urlPolicy: 'on',
      },
    });
  });

  it('reads every option', () => {
    const parsed = parseAgentArgs([
      '--server=http://127.0.0.1:8787',
      '--credential-file',
      '/tmp/c.json',
      '--allow-end-process',
      '--interval',
      '5',
      '--once',
      '--no-url-policy',
    ]);
    expect(parsed).toEqual({
      help: false,
      options: {
        server: 'http://127.0.0.1:8787',
        enrolToken: null,
        credentialFile: '/tmp/c.json',
        allowEndProcess: true,
        intervalS: 5,
        once: true,
        urlPolicy: 'off',
      },
    });
  });

  it('answers --help and -h with the usage, whatever else is given', () => {
    expect(parseAgentArgs(['--help'])).toEqual({ help: true });
    expect(parseAgentArgs(['-h', '--server', 'x'])).toEqual({ help: true });
  });

  it('leaves the server out when not given (the credential file names it once enrolled)', () => {
    expect(parseAgentArgs([])).toMatchObject({ help: false, options: { server: null, enrolToken: null } });
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['stray'], /positional/],
    [['--server'], /argument missing/],
    [['--server', 'sua.example.com'], /must be a URL/],
    [['--server', 'ftp://sua.example.com'], /http:\/\/ or https:\/\//],
    [['--interval', '0'], /whole number of seconds/],
    [['--interval', '2.5'], /whole number of seconds/],
    [['--interval', 'soon'], /whole number of seconds/],
    [['--once=yes'], /does not take an argument/],
  ])('refuses %j with a UsageError that says why', (argv, message) => {
    expect(() => parseAgentArgs(argv)).toThrow(UsageError);
    expect(() => parseAgentArgs(argv)).toThrow(message);
  });
});
