#!/usr/bin/env python3
"""Writes the self-checking event-ordering model, tests/examples/event-ordering.xml, for a
given number N of pass-through actors (models/event-ordering.xml is it without Test actors).

The scenario of seed file 002 (docs/semantics.md section 7): a software statechart emits e1 at
0.01 s and goes to S2 if the plant's reaction arrives within 0.04 s, else times out to S3; the
plant reacts 0.01 s after its input; N identity components sit between them. A Jacobi FMI
master with a 0.01 s step delays every hop by a step and ends in S3 for N = 6; Hyco gives S2,
with the reaction at exactly 0.02 s, for every N. The test suite runs N = 0 to 50, and checks
that the self-checking example is this script's output for N = 6:

    tools/event-ordering.py 6 > tests/examples/event-ordering.xml

With --fmu, every component is an FMI-HC FMU from the test FMUs (hc_controller,
hc_passthrough, hc_time_delay), found through HYCO_FMU_PATH:

    tools/event-ordering.py --fmu 6 > tests/examples/fmu-event-ordering.xml
"""
import sys

HEADER = """<?xml version="1.0" standalone="no"?>
<!DOCTYPE entity PUBLIC "-//UC Berkeley//DTD MoML 1//EN"
    "http://ptolemy.eecs.berkeley.edu/xml/dtd/MoML_1.dtd">
<!-- Event ordering (docs/semantics.md section 7, seed file 002), with N = {n} pass-through actors
     between the software and the plant; written by tools/event-ordering.py {n}.
     The statechart Software emits e1 at 0.01 s (the Start event) and arms a 0.04 s timer; it
     goes to S2 if the Plant's reaction, 0.01 s after e1, comes first, to S3 on the timeout.
     Identity components react at the same tag, so the reaction arrives at exactly 0.02 s
     whatever N is, and the Test actors check S2 then. -->
<entity name="event-ordering" class="TypedCompositeActor">
  <property name="DE Director" class="DEDirector">
    <property name="stopTime" value="0.1"/>
  </property>
  <entity name="Start" class="DiscreteClock">
    <property name="period" value="1"/>
    <property name="offset" value="0.01"/>
  </entity>
  <entity name="Software" class="FSMActor">
    <port name="start" class="TypedIOPort">
      <property name="input"/>
    </port>
    <port name="reaction" class="TypedIOPort">
      <property name="input"/>
    </port>
    <port name="timeout" class="TypedIOPort">
      <property name="input"/>
    </port>
    <port name="e1" class="TypedIOPort">
      <property name="output"/>
    </port>
    <port name="reached" class="TypedIOPort">
      <property name="output"/>
    </port>
    <entity name="S0" class="State">
      <property name="isInitialState" value="true"/>
    </entity>
    <entity name="S1" class="State"/>
    <entity name="S2" class="State">
      <property name="isFinalState" value="true"/>
    </entity>
    <entity name="S3" class="State">
      <property name="isFinalState" value="true"/>
    </entity>
    <relation name="emit" class="Transition">
      <property name="guardExpression" value="start_isPresent"/>
      <property name="outputActions" value="e1 = 1"/>
    </relation>
    <relation name="react" class="Transition">
      <property name="guardExpression" value="reaction_isPresent"/>
      <property name="outputActions" value="reached = 2"/>
    </relation>
    <relation name="expire" class="Transition">
      <property name="guardExpression" value="timeout_isPresent &amp;&amp; !reaction_isPresent"/>
      <property name="outputActions" value="reached = 3"/>
    </relation>
    <link port="S0.outgoingPort" relation="emit"/>
    <link port="S1.incomingPort" relation="emit"/>
    <link port="S1.outgoingPort" relation="react"/>
    <link port="S2.incomingPort" relation="react"/>
    <link port="S1.outgoingPort" relation="expire"/>
    <link port="S3.incomingPort" relation="expire"/>
  </entity>
  <entity name="Timer" class="TimeDelay">
    <property name="delay" value="0.04"/>
  </entity>
"""

FOOTER = """  <entity name="Plant" class="TimeDelay">
    <property name="delay" value="0.01"/>
  </entity>
  <entity name="ReactionTime" class="CurrentTime"/>
  <entity name="CheckReaction" class="Test">
    <property name="correctValues" value="{{0.02}}"/>
    <property name="correctTags" value="{{(0.02, 1)}}"/>
  </entity>
  <entity name="CheckState" class="Test">
    <property name="correctValues" value="{{2.0}}"/>
    <property name="correctTags" value="{{(0.02, 1)}}"/>
  </entity>
  <relation name="start" class="TypedIORelation"/>
  <relation name="e1" class="TypedIORelation"/>
  <relation name="timeout" class="TypedIORelation"/>
  <relation name="reaction" class="TypedIORelation"/>
  <relation name="reached" class="TypedIORelation"/>
  <relation name="reactionTime" class="TypedIORelation"/>
{relations}  <link port="Start.output" relation="start"/>
  <link port="Software.start" relation="start"/>
  <link port="Software.e1" relation="e1"/>
  <link port="Timer.input" relation="e1"/>
  <link port="Timer.output" relation="timeout"/>
  <link port="Software.timeout" relation="timeout"/>
{chain}  <link port="Plant.output" relation="reaction"/>
  <link port="Software.reaction" relation="reaction"/>
  <link port="ReactionTime.trigger" relation="reaction"/>
  <link port="ReactionTime.output" relation="reactionTime"/>
  <link port="CheckReaction.input" relation="reactionTime"/>
  <link port="Software.reached" relation="reached"/>
  <link port="CheckState.input" relation="reached"/>
</entity>
"""


def chain(n, entity, port_in, port_out):
    """The N pass-through entities, their relations, and the links e1 -> Propagate1 -> hop1
    -> Propagate2 -> ... -> hopN -> Plant."""
    propagate = "".join(entity(i) for i in range(1, n + 1))
    relations = "".join(
        f'  <relation name="hop{i}" class="TypedIORelation"/>\n' for i in range(1, n + 1)
    )
    stages = [f"Propagate{i}" for i in range(1, n + 1)] + ["Plant"]
    links = ""
    previous = "e1"
    for i, stage in enumerate(stages):
        links += f'  <link port="{stage}.{port_in}" relation="{previous}"/>\n'
        if stage != "Plant":
            previous = f"hop{i + 1}"
            links += f'  <link port="{stage}.{port_out}" relation="{previous}"/>\n'
    return propagate, relations, links


def model(n):
    propagate, relations, links = chain(
        n,
        lambda i: f'  <entity name="Propagate{i}" class="Gain">\n'
        f'    <property name="factor" value="1.0"/>\n'
        f"  </entity>\n",
        "input",
        "output",
    )
    return HEADER.format(n=n) + propagate + FOOTER.format(relations=relations, chain=links)


FMU_HEADER = """<?xml version="1.0" standalone="no"?>
<!DOCTYPE entity PUBLIC "-//UC Berkeley//DTD MoML 1//EN"
    "http://ptolemy.eecs.berkeley.edu/xml/dtd/MoML_1.dtd">
<!-- Event ordering (docs/semantics.md section 7, seed file 002) with FMUs: the statechart, N = {n}
     pass-through components and the plant are FMI-HC FMUs (hc_controller, hc_passthrough,
     hc_time_delay); written by tools/event-ordering.py -\-fmu {n}. The pass-throughs declare
     their outputs' dependency on their inputs, so the director propagates e1 through all of
     them at its own tag, and the reaction reaches the statechart at exactly 0.02 s, before the
     timeout at 0.05 s: it ends in S2 (state 2) whatever N is. The Test checks the time of the
     reaction; the test suite also checks the state in the trace. -->
<entity name="fmu-event-ordering" class="TypedCompositeActor">
  <property name="DE Director" class="DEDirector">
    <property name="stopTime" value="0.1"/>
  </property>
  <entity name="Software" class="FMUImport">
    <property name="fmuFile" value="hc_controller.fmu"/>
    <property name="emitTime" value="0.01"/>
    <property name="timeout" value="0.04"/>
  </entity>
"""

FMU_FOOTER = """  <entity name="Plant" class="FMUImport">
    <property name="fmuFile" value="hc_time_delay.fmu"/>
    <property name="d" value="0.01"/>
  </entity>
  <entity name="ReactionTime" class="CurrentTime"/>
  <entity name="CheckReaction" class="Test">
    <property name="correctValues" value="{{0.02}}"/>
    <property name="correctTags" value="{{(0.02, 1)}}"/>
  </entity>
  <relation name="e1" class="TypedIORelation"/>
  <relation name="reaction" class="TypedIORelation"/>
  <relation name="reactionTime" class="TypedIORelation"/>
{relations}  <link port="Software.e1" relation="e1"/>
{chain}  <link port="Plant.y" relation="reaction"/>
  <link port="Software.reaction" relation="reaction"/>
  <link port="ReactionTime.trigger" relation="reaction"/>
  <link port="ReactionTime.output" relation="reactionTime"/>
  <link port="CheckReaction.input" relation="reactionTime"/>
</entity>
"""


def fmu_model(n):
    propagate, relations, links = chain(
        n,
        lambda i: f'  <entity name="Propagate{i}" class="FMUImport">\n'
        f'    <property name="fmuFile" value="hc_passthrough.fmu"/>\n'
        f"  </entity>\n",
        "x",
        "y",
    )
    return FMU_HEADER.format(n=n) + propagate + FMU_FOOTER.format(relations=relations, chain=links)


def main():
    arguments = sys.argv[1:]
    fmu = arguments[:1] == ["--fmu"]
    if fmu:
        arguments = arguments[1:]
    if len(arguments) != 1 or not arguments[0].isdigit():
        sys.exit("usage: tools/event-ordering.py [--fmu] N  (N >= 0 pass-through components)")
    sys.stdout.write(fmu_model(int(arguments[0])) if fmu else model(int(arguments[0])))


if __name__ == "__main__":
    main()
