// @novu/react 3.5.0: an older 3.x that still sends User-Agent and takes `subscriberId`.
import { Inbox, NovuProvider, useNovu } from 'novu-react-3-5';
import { ExposeClient, mount } from './page.jsx';

const settings = (s) => ({
  applicationIdentifier: s.applicationIdentifier,
  subscriberHash: s.subscriberHash,
  backendUrl: s.server,
  socketUrl: s.server,
});

mount('@novu/react 3.5.0', (s) => (
  <>
    <Inbox {...settings(s)} subscriberId={s.subscriberId} />
    {/* The Inbox UI offers no delete: the test deletes through the same published client. */}
    <NovuProvider {...settings(s)} subscriberId={s.subscriberId}>
      <ExposeClient useNovu={useNovu} />
    </NovuProvider>
  </>
));
