// The mail contract on the EmailJS adapter: the real @emailjs/browser SDK (which reads the page's
// location, hence a browser-like environment) against the EmailJS fake.
import { createEmailJsMail } from '../../adapters/emailjs/emailjs-mail.adapter';
import { createEmailJsFake } from '../../mocks/emailjs';
import { mailContract } from '../contracts/mail.contract';
import { TEST_EMAILJS } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';

const server = useFakeNetwork();

mailContract('EmailJS SDK against the send endpoint fake', async () => {
  const fake = createEmailJsFake(TEST_EMAILJS);
  server.use(...fake.handlers);
  return {
    mail: createEmailJsMail(TEST_EMAILJS),
    async received() {
      return fake.sent.map(({ templateParams }) => ({
        name: String(templateParams.name),
        email: String(templateParams.email),
        message: String(templateParams.message),
      }));
    },
    cleanup: async () => {},
  };
});
