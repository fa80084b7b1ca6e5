// EVO slots: 10⁶ simulated paid rounds per game land within 4 standard errors of the exact RTP.
import { describeSimulations } from './test-support/simulation.ts';

describeSimulations('EVO');
