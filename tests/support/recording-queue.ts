/** A queue binding that records what is sent to it (the dead-letter queue of the consumer tests). */
export function recordingQueue() {
  const sent: unknown[] = [];
  const queue = {
    send: (body: unknown) => {
      sent.push(body);
      return Promise.resolve();
    },
    sendBatch: (messages: Iterable<MessageSendRequest>) => {
      for (const m of messages) sent.push(m.body);
      return Promise.resolve();
    },
  } as unknown as Queue;
  return { queue, sent };
}
