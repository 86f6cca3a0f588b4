import dns2 from 'dns2';

/**
 * A DNS server on 127.0.0.1 (UDP) answering TXT questions from `records` (name → values), NXDOMAIN
 * otherwise: the resolver the product asks when DNS_SERVERS points here.
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [q] = request.questions;
      const values = q && q.type === Packet.TYPE.TXT ? records.get(q.name.toLowerCase()) : undefined;
      if (!values) response.header.rcode = 3; // NXDOMAIN
      for (const data of values ?? [])
        response.answers.push({
          name: q!.name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 60,
          data,
        } as unknown as (typeof response.answers)[number]);
      send(response);
    },
  });
  const addresses = await new Promise<{ udp?: { port: number } }>((resolve) => {
    server.on('listening', () => resolve(server.addresses() as { udp?: { port: number } }));
    void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  });
  return {
    /** For DNS_SERVERS. */
    address: `127.0.0.1:${addresses.udp!.port}`,
    setTxt: (name: string, values: string[]) => records.set(name.toLowerCase(), values),
    stop: () => server.close(),
  };
}
