// @novu/react 3.19.2 (the current 3.x): the subscriber as an object.
import { Inbox, NovuProvider, useNovu } from '@novu/react';
import { ExposeClient, mount } from './page.jsx';

const settings = (s) => ({
  applicationIdentifier: s.applicationIdentifier,
  subscriberHash: s.subscriberHash,
  backendUrl: s.server,
  socketUrl: s.server,
});

mount('@novu/react 3.19.2', (s) => (
  <>
    <Inbox {...settings(s)} subscriber={{ subscriberId: s.subscriberId }} />
    {/* The Inbox UI offers no delete: the test deletes through the same published client. */}
    <NovuProvider {...settings(s)} subscriber={{ subscriberId: s.subscriberId }}>
      <ExposeClient useNovu={useNovu} />
    </NovuProvider>
  </>
));
