// Word lists for RandomPet, in the shape of golang-petname's (adverbs, adjectives, animal names), written for
// this project: smaller than the original, so names differ in vocabulary but not in form.
const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const ADVERBS = words(`
  ably absolutely accurately actively adequately admittedly amazingly amusingly annually apparently
  barely basically blindly boldly bravely briefly brightly briskly broadly busily calmly carefully
  casually centrally certainly cheaply cheerfully chiefly clearly cleverly closely commonly correctly
  crisply curiously daily dearly decently deeply definitely deftly directly distinctly eagerly early
  easily endlessly equally especially evenly evidently exactly explicitly fairly finally firmly
  fluently fondly formally frankly freely frequently fully gently genuinely gladly gradually gratefully
  greatly happily hardly heartily highly honestly humbly ideally immensely infinitely informally
  initially instantly intensely jointly jolly justly keenly kindly largely lately lawfully legally
  lightly likely literally loudly lovely loyally luckily mainly manually markedly merely mildly
  minimally modestly morally mostly mutually namely naturally nearly neatly newly nicely nominally
  normally notably noticeably obviously oddly openly optionally overly partially patiently perfectly
  physically plainly pleasantly politely positively possibly precisely presently previously primarily
  privately probably promptly properly proudly publicly purely quickly quietly quite radically randomly
  rapidly rarely readily really reasonably recently regularly reliably remarkably repeatedly rightly
  roughly routinely safely scarcely securely sensibly seriously sharply sheerly shortly simply
  sincerely slightly slowly smoothly socially softly solely specially steadily strangely strictly
  strongly subtly suddenly supposedly surely sweetly swiftly tenderly thankfully thoroughly tightly
  totally truly typically ultimately uniformly unlikely urgently usefully usually utterly vaguely
  vastly verbally vertically virtually visually warmly weekly wholly widely wildly willingly wisely
  yearly
`);

export const ADJECTIVES = words(`
  able above absolute accepted accurate ace active actual adapted adapting adequate adjusted advanced
  alert alive allowed amazed amazing ample amused amusing apparent apt arriving assured awake aware
  balanced becoming beloved better big blessed bold boss brave brief bright brisk busy calm capable
  capital careful caring casual causal central certain champion charmed charming cheerful chief choice
  civil classic clean clear clever climbing close closing coherent comic communal complete composed
  concise concrete content cool correct cosmic crack creative credible crisp crucial cuddly cunning
  curious current cute daring darling dashing dear decent deep deciding definite delicate desired
  destined devoted direct discrete distinct diverse divine dominant driven driving dynamic eager easy
  electric elegant emerging eminent enabled enabling endless engaged engaging enhanced enjoyed enormous
  enough epic equal equipped eternal ethical evident evolved evolving exact excited exciting exotic
  expert factual fair faithful famous fancy fast feasible fine finer firm first fit fitting fleet
  flexible flowing fluent flying fond frank free fresh full fun funky funny game generous gentle
  genuine giving glad glorious glowing golden good gorgeous grand grateful great growing grown guided
  guiding handy happy hardy harmless healthy helped helpful helping heroic hip holy honest hopeful hot
  huge humane humble humorous ideal immense immortal improved informed innocent inspired integral
  intense internal intimate inviting joint just keen key kind knowing known large lasting leading
  learning legal legible lenient liberal light liked literate live living logical loved loving loyal
  lucky magical magnetic main major many massive master mature maximum measured meet merry mighty mint
  model modern modest moral moved moving musical mutual natural near neat needed neutral new next nice
  nimble noble normal notable noted novel obliging on open optimal optimum organic oriented outgoing
  patient peaceful perfect pet picked pleasant pleased pleasing poetic polished polite popular positive
  possible powerful precious precise premium prepared present pretty primary prime pro probable
  profound promoted prompt proper proud proven pumped pure quality quick quiet rapid rare rational
  ready real refined regular related relative relaxed relaxing relevant relieved renewed renewing
  resolved rested rich right robust romantic ruling sacred safe saved saving secure select selected
  sensible set settled settling sharing sharp shining simple sincere singular skilled smart smashing
  smiling smooth social solid sought sound special splendid square stable star steady sterling still
  stirred stirring striking strong stunning subtle suitable sunny super superb supreme sure sweeping
  sweet swift talented teaching tender thankful thorough tidy tight together tolerant top topical tops
  touched tough true trusted trusting trusty ultimate unbiased uncommon unified unique united up
  upright upward usable useful valid valued vast verified viable vital vocal wanted warm wealthy
  welcome welcomed well whole willing winning wired wise witty wondrous workable working worthy
`);

export const NAMES = words(`
  aardvark adder airedale akita albacore alien alpaca amoeba anchovy anemone ant anteater antelope ape
  aphid arachnid asp baboon badger barnacle basilisk bass bat beagle bear bedbug bee beetle bengal bird
  bison blowfish bluebird bluegill bluejay boa boar bobcat bonefish boxer bream buck buffalo bug bull
  bulldog bullfrog bunny burro buzzard caiman calf camel cardinal caribou cat catfish cattle chamois
  cheetah chicken chigger chimp chipmunk cicada civet clam cobra cockatoo cod collie colt condor coral
  corgi cougar cow cowbird coyote crab crane crappie crawdad crayfish cricket crow cub dane dassie deer
  dingo dinosaur doberman dodo doe dog dogfish dolphin donkey dory dove dragon drake drum duck duckling
  eagle earwig eel eft egret elephant elf elk emu escargot ewe falcon fawn feline ferret filly finch
  firefly fish flamingo flea flounder fly foal fowl fox frog gannet gar gazelle gecko gelding gibbon
  gnat gnu goat goblin goldfish goose gopher gorilla grackle griffon grizzly grouper grouse grub guinea
  gull guppy haddock hagfish halibut hamster hare hawk hedgehog hen hermit heron herring hippo hog
  honeybee hornet horse hound humpback husky hyena ibex iguana impala imp insect jackal jaguar jay
  jennet joey kangaroo katydid kid killdeer kingfish kit kite kitten kiwi koala kodiak koi krill lab
  labrador lacewing ladybird ladybug lamb lamprey lark lemming lemur leopard liger lion lioness lizard
  llama lobster locust longhorn loon lynx macaque macaw mackerel magpie malamute mallard mammal mammoth
  manatee mantis marlin marmoset marmot marten martin mastiff mayfly meerkat midge mink minnow mite
  moccasin mole mollusk molly monarch mongoose monkey monster moose moray mosquito moth mouse mudfish
  mule mullet muskox muskrat mustang mutt narwhal newt ocelot octopus opossum orca oriole osprey
  ostrich otter owl ox oyster panda panther parakeet parrot peacock pegasus pelican penguin perch
  pheasant phoenix pig pigeon piglet pika pipefish piranha platypus polecat pony poodle porpoise possum
  prawn primate pug puma pup python quagga quail quetzal rabbit raccoon racer ram raptor rat rattler
  raven ray redbird redfish reindeer reptile rhino robin rodent rooster sailfish salmon sawfly scorpion
  sculpin seagull seahorse seal sealion shad shark sheep shepherd shiner shrew shrimp silkworm skink
  skunk skylark sloth slug snail snake snapper snipe sole sparrow spaniel spider sponge squid squirrel
  stag stallion starfish starling stingray stork sturgeon sunbeam sunbird sunfish swallow swan swift
  swine tadpole tahr tapir tarpon teal termite terrier tetra thrush tick tiger titmouse toad tomcat
  tortoise toucan treefrog trout tuna turkey turtle unicorn urchin vervet viper vulture wahoo wallaby
  walleye walrus warthog wasp weasel weevil werewolf whale whippet wildcat wolf wolfhound wombat
  woodcock worm wren yak yeti zebra
`);
