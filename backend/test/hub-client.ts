// A browser's hub connection in the e2e suites: WebSockets to /chathub with the session's token, as the web client opens it.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';

/** A connection to the hub of the server at `url` (`query` names another client, e.g. `?client=miniprogram`), not started yet. */
export const hubConnection = (url: string, token: string, query = ''): HubConnection =>
  new HubConnectionBuilder()
    .withUrl(`${url}/chathub${query}`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();

/** The same, started. */
export async function connectHub(url: string, token: string, query = ''): Promise<HubConnection> {
  const connection = hubConnection(url, token, query);
  await connection.start();
  return connection;
}

/** Started connections of a describe block's tests, all stopped in its afterAll: `const connect = useHubConnections(t)`. */
export function useHubConnections(t: { url: string }): (token: string) => Promise<HubConnection> {
  const connections: HubConnection[] = [];
  afterAll(() => Promise.all(connections.map((c) => c.stop())));
  return async (token) => {
    const connection = await connectHub(t.url, token);
    connections.push(connection);
    return connection;
  };
}
