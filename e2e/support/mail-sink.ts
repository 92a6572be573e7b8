/**
 * A real SMTP server for the journeys: the app sends over SMTP, the tests read what arrived
 * over a small HTTP endpoint. Nothing leaves the machine.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

interface Received {
  to: string[];
  raw: string;
  receivedAt: string;
}

const messages: Received[] = [];
const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3025);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3125);

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(list));
}).listen(httpPort, '127.0.0.1');
