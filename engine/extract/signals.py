"""Signals: situations the guide does not cover, noticed so the engine can say so plainly."""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

from engine.extract.locale_guess import guess_locale
from engine.extract.phrases import Hit
from engine.extract.reading import Reading
from engine.extract.roles import HOLDS
from engine.extract.settings import of_another_person

REGRESSION_AFTER_UPDATE: Final = "regression_after_update"
"""It broke right after updating AI Toolkit (a pull, a new version, a new image)."""

SHARED_MEMORY_SPILL: Final = "shared_memory_spill"
"""Training slowed down because VRAM spilled into shared/system memory (driver sysmem fallback)."""

DEV_SHM: Final = "dev_shm"
"""The container's /dev/shm (Docker --shm-size) is too small, usually for data loader workers."""

OOM_KILLER: Final = "oom_killer"
"""The kernel's OOM killer ended the process: "Killed", SIGKILL, exit code 137 or -9."""

OTHER_PROCESS: Final = "other_process"
"""Another process (a second job, ComfyUI, a stuck Python) holds memory on the same GPU."""

WRONG_GPU: Final = "wrong_gpu"
"""The job runs on another GPU than the person meant (CUDA_VISIBLE_DEVICES, cuda:0 vs cuda:1)."""

OUTSIDE_TRAINING: Final = "outside_training"
"""Memory ran out in another program than the training: generating with the finished LoRA in
ComfyUI or Forge, a captioning, upscaling or conversion script."""

OTHER_ERROR: Final = "other_error"
"""The run stops on an error that is not running out of memory: another CUDA error ("illegal
memory access", "no kernel image"), a full disk, a segmentation fault."""

ASK_WHERE: Final = "ask_where"
"""The person asks where the setting is: which screen, which key."""

ASK_ACCUMULATION: Final = "ask_accumulation"
"""The person asks how to train with a larger effective batch than the card holds."""

OFF_TOPIC_GREETING: Final = "off_topic_greeting"
"""The message is only a greeting or thanks, with nothing about training in it."""

# Memory trouble the guide does not cover.
OUTSIDE_GUIDE: Final[frozenset[str]] = frozenset(
    {
        REGRESSION_AFTER_UPDATE,
        SHARED_MEMORY_SPILL,
        DEV_SHM,
        OOM_KILLER,
        OTHER_PROCESS,
        WRONG_GPU,
        OUTSIDE_TRAINING,
        OTHER_ERROR,
    }
)
SIGNALS: Final[frozenset[str]] = OUTSIDE_GUIDE | {ASK_WHERE, ASK_ACCUMULATION, OFF_TOPIC_GREETING}


# Which of two cards the job is on: "gpu 0", "cuda:1", "the small one", "como forço a 3090?".
_WHICH_CARD: Final = re.compile(
    r"\b(?:gpu|cuda|device) ?[:#]? ?[0-3]\b(?! has a total)|\bcuda visible devices\b"
    r"|\bthe (?:small|smaller|weaker|wrong|old|older) one\b|\ba (?:menor|mais fraca)\b"
    r"|\bfor(?:co|car|ce)\b|\bmake (?:it|ai toolkit|the job) use\b|\bfaco ele usar\b"
    r"|\b(?:landing|lands|landed|goes|going|went|indo|vai|foi|picks|picking|grabs|pegando|pega"
    r"|loads|loading|carrega|carregando)"
    r" (?:on |to |pra |para |na |no )?(?:the |a |o )?(?:gpu|placa|card|rtx |gtx )?"
    r"(?:[1-5]0[5-9]0|10[5-8]0|16[56]0)\b"
    r"|\b(?:training|running|treinando|rodando) on the (?:rtx |gtx )?\d{4}\b"
    r"|\b(?:on|runs out of memory on|na|no) the (?:little|small|tiny) (?:card|gpu|one)\b"
    r"|\b(?:usar|usando|usa|use|uses|using) (?:a |o |the )?(?:gpu |placa |card )?[0-7]\b"
    r"(?!\s*(?:x\b|placas|gpus?|cards?))"
    r"|\b(?:rtx |gtx )?\d{4} (?:is|sits|stays|ta|fica|esta) (?:idle|parada|parado|ociosa)\b"
    # "sempre usa a 3060", "os dois foram parar na GPU 0"
    r"|\b(?:always|sempre) (?:uses|usa|picks|pega) (?:the |a |o )?(?:rtx |gtx )?\d{4}\b"
    r"|\b(?:foram|foi) parar na (?:gpu|placa) [0-7]\b"
    # "it's using the 3060 not the 3090", "tá rodando na 3060, não na 4090"
    r"|\b(?:using|uses|on|filling|rodando|roda|treinando|usando|usa|enchendo)"
    r" (?:the |a |o |na |no )?(?:rtx |gtx )?"
    r"\d{4},? (?:not|nao|and not|e nao|instead of|em vez da|ao inves da) (?:the |a |o |na |no )?"
    r"(?:rtx |gtx )?\d{4}\b"
    # "como eu escolho a placa?", "how do I pick which GPU it uses"
    r"|\b(?:escolho|escolher|seleciono|selecionar) (?:a|qual) (?:placa|gpu)\b"
    r"|\b(?:pick|choose|select) (?:the|which) (?:gpu|card)\b"
)


def _two_cards(reading: Reading) -> Hit | None:
    """Two different cards named, and which one the job is on: "tenho uma 3090 e uma 3060, o
    treino vai pra 3060", "two GPUs and it's training on the small one"."""
    cards = reading.of("gpu")
    named = {reading.tokens.words[h.last] for h in cards}
    # "tenho 4090 e uma 1660": an old card's bare number beside a card named
    words = reading.tokens.words
    inside = {w for h in cards for w in words[h.first : h.last + 1]}
    old = {m.group() for m in _OLD_CARD.finditer(reading.low)} - inside
    if len(named | old) < 2 and not _TWO_CARDS.search(reading.low):
        # two cards told only by their index, and the job on the one not meant: "picked GPU #1
        # but the logs say cuda:0"; not "device: cuda:0, GPU 1 runs my displays"
        indexes = {m.group(1) for m in _CARD_INDEX.finditer(reading.low)}
        if len(indexes) < 2 or _NOT_MEANT.search(reading.low) is None:
            return None
    which = _WHICH_CARD.search(reading.low)
    if which is None or _AS_MEANT.search(reading.low):
        return None  # "runs on cuda:0, which is the 5090 (checked in nvidia-smi)": as meant
    at = reading.word_at(which.start())
    return Hit("signal", WRONG_GPU, at, at)


def _other_card_not_meant(reading: Reading) -> Hit | None:
    """A second card named ("2x 3090", "a outra placa", "cuda:1", "the igpu"), and the job told
    to be on the one not meant: "still allocates on GPU 0", "pegou a 2070 em vez da 3090",
    "how do I pin it to gpu 1"; not "2x 3090, OOM at step 1, the second one sits idle"."""
    named = reading.of("multi_gpu")
    if not named or _AS_MEANT.search(reading.low):
        return None
    if _NOT_MEANT.search(reading.low) is None:
        return None
    first = named[0]
    return None if reading.negated(first) else Hit("signal", WRONG_GPU, first.first, first.first)


_NOT_MEANT: Final = re.compile(
    r"\b(?:wrong|errad[ao]|instead|em vez|ao inves|even though|although|mesmo (?:eu )?"
    r"(?:selecionando|escolhendo|colocando|setando|pondo)|still (?:starts|allocates|uses|goes|runs"
    r"|lands|loads|picks|trains|shows)|(?:continuam|continua) (?:mostrando|usando|indo)"
    r"|keeps (?:picking|using|going|loading|landing|putting|choosing)"
    r"|always (?:picks|uses|goes|lands|loads)|sempre (?:pega|vai|usa|cai)"
    r"|(?:foi|vai|indo|went|goes|going) (?:pra|para|to|on|onto) (?:a |the )?(?:gpu|placa|card|cuda)"
    r"|(?:foram|foi) parar n[ao] (?:gpu|placa|cuda)|ended up on (?:the )?(?:gpu|card|cuda)"
    r"|(?:pegou|pega|picked|picks|grabbed|grabs|escolheu|usou) (?:a |the |o )?"
    r"(?:gpu|placa|card|cuda|igpu|integrada|\d{4}|10[5-8]0)|achava que era|pensei que era"
    r"|thought it was|how (?:do|can) i (?:force|pin|point|make|select|choose|pick|tell)"
    r"|como (?:forco|escolho|seleciono|faco ele usar|aponto|mando)"
    r"|(?:select|choose|pick|escolher|selecionar) (?:the |which |a |qual )?(?:gpu|card|placa)"
    r"|shows? 0%|(?:em|at) 0%|(?:using|usando|uses|usa) (?:a |the )?(?:integrada|igpu|integrated"
    r"|outra|other)|insiste|insists|por algum motivo|for some reason|sempre joga|actually using"
    r"|(?:shows|mostra|says|diz)(?: that)? (?:it'?s |its |que )?(?:ta |esta |is )?"
    r"(?:running|rodando|sitting|allocating|alocando|using|usando|treinando|training|on|na|no)"
    r"|(?:starts|started|comeca|comecou) (?:on|in|na|no) (?:the |a |o )?(?:small|smaller|menor|gpu"
    r"|placa|cuda))"
)


_A_BUCKET: Final = re.compile(
    r"\s*(?:big|bigger|biggest|large|larger|largest|tall|wide|maior|grande)?\s*"
    r"(?:\d{3,4}(?:px|x\d{3,4})?\s*)?(?:bucket|buckets|image|images|imagens|fotos|res|resolution)\b"
)
_AS_MEANT: Final = re.compile(
    r"\b(?:on purpose|as intended|as it should|de prop[oó]sito|como deveria|checked in|conferi"
    r"|verifiquei|confirmei|i checked|confirmed|double checked|double-checked"
    r"|(?<!if it's )(?<!if its )(?<!if it is )(?<!se for )(?<!se estiver )"
    r"(?:on|is|e|na|a) (?:the |a )?(?:right|correct|certa|correta) (?:one|gpu|card|placa))\b"
)
_TWO_CARDS: Final = re.compile(
    r"\b(?:[2-8]|two|three|four|eight|duas|dois|tres|quatro|oito) (?:gpus?|cards?|placas)\b"
)
# Two different cards told by their index: "picked GPU #1 but the logs say cuda:0"
_CARD_INDEX: Final = re.compile(r"\b(?:gpu|cuda|device|placa) ?[:#]? ?([0-7])\b(?! has a total)")
_OLD_CARD: Final = re.compile(r"\b(?:10[5-8]0|16[56]0)\b")


# Something else run on the card while training: a game, another trainer or UI, a second job
_OTHER_PROGRAM: Final = re.compile(
    r"\b(?:game|games|jogo|jogos|fortnite|cyberpunk|valorant|warzone|minecraft|comfy|comfyui"
    r"|kohya|forge|a1111|automatic1111|fooocus|ollama|lm studio|obs|wallpaper engine|blender"
    r"|premiere|davinci|photoshop"
    r"|chrome|firefox|discord|steam|steamwebhelper|browser|navegador"
    r"|(?:another|other|a second|second) (?:training|job|run|lora|instance|terminal|process)"
    r"|(?:outro|outra|segundo|segunda) (?:treino|job|lora|instancia|terminal|processo)"
    r"|(?:os|as) dois|both of us|python|process|processo|job antigo|old job|leftover"
    # a notebook, an inference server, a container or a colleague on the same card
    r"|jupyter|notebook|vllm|inference|inferencia|container|colleague|coworker|colega"
    r"|student|aluno|(?:old|previous) (?:session|training|run)"
    r"|(?:sessao|treino) (?:antig[ao]|anterior)"
    r"|\d+ (?:treinos|trainings|jobs|runs|loras))\b"
)
_AT_ONCE: Final = re.compile(
    r"\b(?:while (?:i was |i'm |im |it was |it's |its )?(?:training|it trains|the training)"
    r"|while (?:ai toolkit|aitoolkit|the toolkit|the lora|the job|the run) (?:is )?"
    r"(?:trains|training|runs|running)"
    r"|enquanto (?:eu |o treino )?(?:treinava|treino|treinando|tava treinando|estava treinando"
    r"|rodava|rodando)"
    r"|at the same time|ao mesmo tempo|in parallel|em paralelo|junto com o treino)\b"
    # "playing cyberpunk while wan trained", "enquanto o treino de zit rodava"
    r"|\bwhile (?:the |my )?(?:[\w.-]+ ){0,2}(?:trained|was training|is training)\b"
    r"|\benquanto (?:o |meu )?(?:treino|lora|job)(?: d[eo] [\w.-]+)? (?:rodava|treinava|rodando)\b"
    # "toda vez que o colega começa a inferência", "when he's generating in Comfy"
    r"|\b(?:toda vez|sempre|whenever|every time|each time|when|quando) (?:que )?"
    r"(?:he|she|they|someone|somebody|alguem|(?:o |a |my |meu |minha )?(?:colleague|coworker"
    r"|roommate|brother|colega|irmao))\b"
)
# Memory held on the card: "comfy segurou uns 10gb de vram", "ollama is holding 6GB"
_HOLDS: Final = re.compile(
    rf"\b(?:{HOLDS})\s+(?:up\s+)?(?:(?:uns|umas|about|like|around|quase|already|ja)\s+)?~?"
    r"\d+(?:[.,]\d+)?\s*(?:gb|gib|g)\b"
    # "o wallpaper engine come vram?"
    r"|\b(?:come|comem|comendo|eats|eating) (?:a |the )?(?:vram|memoria)"
    # "20GB used by a leftover python process", "ainda segurando a memoria"
    r"|\b\d+(?:[.,]\d+)?\s*(?:gb|gib|mb|mib) (?:used|in use|taken|held|ocupad[oa]s?|usad[oa]s?"
    r"|em uso) (?:by|por)\b"
    r"|\b(?:still|ainda) (?:holding|segurando|ocupando) (?:the |a )?(?:memory|memoria|vram)\b"
    # "o comfy tá com 14GB presos", "ainda tá com o modelo carregado"
    r"|\b\d+(?:[.,]\d+)?\s*(?:gb|gib|g) pres[oa]s\b"
    r"|\b(?:still|ainda) (?:ta |esta |has |have )?(?:com )?(?:o |the )?(?:modelo|model)"
    r" (?:carregado|loaded)\b"
)
# Memory told as taken on the card ("12GB already used", "22gb is taken", "5GB ocupada") ...
_TAKEN: Final = re.compile(
    r"\b(?P<gb>\d+(?:[.,]\d+)?)\s*(?:gb|gib|g)\b (?:(?:is |are |ja |already |tao |ta |esta )*)"
    r"(?:used|taken|in use|occupied|ocupad[ao]s?|em uso|usad[ao]s?)\b"
    r"|\b(?:vram|memoria|memory) (?:ja |already )?(?:ta |esta |is |at )?(?:em |at )?"
    r"(?P<gb2>\d+(?:[.,]\d+)?)\s*(?:gb|gib|g) (?:ocupad[ao]s?|used|taken|in use)\b"
)
_FROM_AN_AMOUNT: Final = re.compile(r"\b(?:from|de)\s+(?:~\s*)?$")
# ... before anything of the person's runs: "i havent started anything", "nothing is running",
# "antes de iniciar o treino", "the pod literally just started"
_NOTHING_RUN_YET: Final = re.compile(
    r"\b(?:i )?(?:havent|haven'?t|hadnt|hadn'?t) (?:even )?(?:started|launched|run|ran) (?:anything"
    r"|it|the (?:job|training|run)|training)\b|\bnothing (?:is |else is |was )?(?:running|open)\b"
    r"|\bno (?:running )?process(?:es)?(?: (?:found|running|listed))?\b|\bshows no process"
    r"|\b(?:before|antes de) (?:i |we |eu )?(?:even )?(?:start|launch|iniciar|comecar|rodar|treinar"
    r"|abrir)(?: o treino| the (?:job|training|run)| anything| nada| qualquer coisa)?\b"
    r"|\b(?:pod|instance|instancia|machine|maquina) (?:literally |just |acabou de )*"
    r"(?:started|booted|subir|ligar|iniciar)\b|\bsem (?:rodar|abrir) nada\b|\bnem comecei\b"
)
# A second job still going: "another training running in a second terminal"
_SECOND_RUNNING: Final = re.compile(
    r"\b(?:another|a second|second|other) (?:training|job|run|instance|process) (?:still )?"
    r"(?:running|going)|\b(?:outro|segundo) (?:treino|job|processo) (?:ainda )?rodando\b"
)
# Jobs run one after another on the card, the one before still holding memory: "the 2nd job
# in the queue OOMs while the first is still running", "vram estourou qdo começou o 2o job da
# fila", "VRAM não é liberada entre jobs da fila"
_QUEUE: Final = re.compile(
    r"\b(?:(?:in|on|the|my|a|da|na|de) (?:queue|fila)|queued|back to back"
    r"|one after (?:another|the other)|um atras do outro)\b"
)
_LATER_JOB: Final = re.compile(
    r"\b(?:second|2nd|third|3rd|next|following|segundo|2o|2º|terceiro|3o|proximo)"
    r" (?:job|run|lora|training|one|treino)\b"
    r"|\b(?:o|the) (?:segundo|second|2nd|2o|terceiro|third|3rd)\b"
    r"|\b(?:between|entre) (?:the |os )?(?:jobs|runs|treinos)\b"
    r"|\b(?:never|not|isn'?t|doesn'?t|nao|nunca) (?:gets? |e |foi |sendo )?"
    r"(?:freed|released|cleared|liberad[ao])\b"
)
# ... while the one before still holds the card, or before the later one even trains (not
# "queued two runs: the second died at step 2", a run of its own)
_STILL_HELD: Final = re.compile(
    r"\b(?:still|ainda|while|enquanto|junto|together|same time|mesmo tempo|holding|segurando"
    r"|in use|em uso|ocupad[ao]|freed|released|liberad[ao]|leftover|sobrou"
    r"|loading|loads|carregando|carregar|carregamento)\b"
)
_NOT_AT_ONCE: Final = re.compile(r"\b(?:not|never|nunca|nao)\s+(?:\w+\s+)?$")
_NONE_OPEN: Final = re.compile(
    r"\b(?:no|not|nothing|never|don'?t|nao|nada|nunca|nem)\b[^.!?\n]{0,12}$"
)


# PyTorch's error naming two processes on the card: "Process 5512 has 41.20 GiB memory in use.
# Process 6610 has 37.50 GiB memory in use."
_TWO_PROCESSES: Final = re.compile(r"\bprocess \d+ has [\d.]+ \w+ memory in use\W+process \d+ has")
_A_PROCESS: Final = re.compile(r"\bprocess \d+ has \d+(?:\.\d+)? gib memory in use")
_THIS_PROCESS: Final = re.compile(r"\bthis process has \d+(?:\.\d+)? [gm]ib memory in use")
# Task Manager's two numbers: "24.0 dedicated + 7.2 shared", "dedicada 11,8/12 e compartilhada 5,3"
_DEDICATED_SHARED: Final = re.compile(
    r"\b(?:dedicated|dedicada)\b(?:[^.\n]|(?<=\d)\.(?=\d)){0,40}\b(?:shared|compartilhada)\b"
)


# The card's own memory told as full, or memory outside it told as filling up.
_CARD_FULL: Final = re.compile(
    r"\b(?:(?:dedicated(?: gpu)? (?:memory|vram)|vram|memoria dedicada(?: da gpu)?)"
    r" (?:\w+ )?(?:maxed|pegged|full|no talo|cheia|lotada)"
    r"|(?:gpu )?shared (?:gpu )?mem(?:ory)? (?:goes up|keeps climbing|climbs|grows)"
    r"|(?:memoria )?compartilhada (?:vai|fica) (?:subindo|crescendo)"
    r"|ram do (?:pc|sistema) (?:vai|sobe|enche))"
)


def _smi_full(reading: Reading) -> re.Match[str] | None:
    """nvidia-smi read as nearly full: "nvidia-smi shows 23.8/24.0", "mostra 11.8/12gb"."""
    for m in _SMI_READING.finditer(reading.low):
        used, total = (float(g.replace(",", ".")) for g in m.groups())
        if total > 0 and 0.95 <= used / total <= 1:
            return m
    return None


_SMI_READING: Final = re.compile(
    r"\bnvidia[ -]?smi (?:shows|mostra|says|diz)\s+(\d+(?:[.,]\d+)?)\s*(?:gb|gib)?\s*/\s*"
    r"(\d+(?:[.,]\d+)?)"
)
# A run slowed down many times over.
_SLOWED: Final = re.compile(
    r"\b(?:lentissim[oa]s?|(?:[2-9]\d|\d{3,})\s*(?:s|sec|secs|seg|segundos)\s*(?:/|per|por)\s*"
    r"(?:it|step|passo)"
    r"|\d+x (?:slower|mais lento)|(?:super|really|insanely|absurdly|mega|muito) slow"
    r"|s/it (?:goes|go|went|vai|vao|foi|foram|jumps|sobe|subiu)|to a crawl"
    r"|(?:like|tipo|uns) \d+x\b|fica \d+x)"
)


def _run_beside(reading: Reading) -> Hit | None:
    """Another program told as running on the card while training: "was playing cyberpunk while
    training", "meu irmão abriu o fortnite enquanto eu treinava", "another training running on
    the same 4090"."""
    low = reading.low
    queued = _QUEUE.search(low) if reading.has("oom") or reading.has("speed") else None
    held = queued is not None and _STILL_HELD.search(low) is not None
    later = _LATER_JOB.search(low) if held else None
    if later is not None and not _ruled_out(reading, later.start(), 0):
        return _other_process_at(reading, later.start())
    taken = _TAKEN.search(low)
    if (
        taken is not None
        # a desktop's own gigabyte or so is no other program
        and float((taken["gb"] or taken["gb2"]).replace(",", ".")) >= 2
        and _NOTHING_RUN_YET.search(low)
        # not an amount changed from: "take someone from 20gb used to OOM"
        and not _FROM_AN_AMOUNT.search(low, max(0, taken.start() - 8), taken.start())
    ):
        # "nvidia-smi shows 12GB already used, i havent started anything": something else holds it
        return _other_process_at(reading, taken.start())
    second = _SECOND_RUNNING.search(low)
    if second is not None and not _ruled_out(reading, second.start(), 0):
        return _other_process_at(reading, second.start())
    for together in (*_AT_ONCE.finditer(low), *_HOLDS.finditer(low)):
        first, last = reading.sentence_words(reading.sentence_of(reading.word_at(together.start())))
        start, end = reading.span(first, max(first, last - 1))
        if _NOT_AT_ONCE.search(low, max(start, together.start() - 16), together.start()):
            continue  # "we share the A5000, never at the same time"
        for program in _OTHER_PROGRAM.finditer(low, start, end):
            if not _ruled_out(reading, program.start(), start):
                return _other_process_at(reading, program.start())
    return None


def _updated_before_it(reading: Reading) -> Hit | None:
    """An update told as what came before the trouble, in the words of versions and
    dependencies: "updated torch to 2.5 and now…", "cuda 12.4 -> 12.8", "fine until I pulled",
    "since v0.7.7 it OOMs", "worked on 0.7.2 but on 0.7.5…", "the template got a new image"."""
    low = reading.low
    told = _UPDATED.search(low)
    if told is None:
        versions = {m.group(1): m for m in _VERSION.finditer(low)}
        # two releases of the same line ("0.7.2" and "0.7.5"), not "torch 2.7.1, cuda 12.8"
        lines = Counter(v.rsplit(".", 1)[0] for v in versions)
        told = next((m for v, m in versions.items() if lines[v.rsplit(".", 1)[0]] == 2), None)
        if not reading.has("oom"):
            told = None  # "torch==2.7.0 (from versions: 2.2.0, 2.2.1)": an install, no crash
    if told is None or _NOT_UPDATED.search(low):
        return None
    at = reading.word_at(told.start())
    return Hit("signal", REGRESSION_AFTER_UPDATE, at, at)


_UPDATED: Final = re.compile(
    r"\b(?:updated|upgraded|atualizei|dei update|fiz update|fiz o update|dei o update)\s+"
    r"(?:the\s+|my\s+|o\s+|a\s+|meu\s+|minha\s+)?"
    r"(?:torch|pytorch|cuda|nvidia|drivers?|diffusers|transformers|python)\b"
    r"|\b(?:cuda|torch|pytorch|driver|ai toolkit|ai-toolkit|toolkit)\s*v?\d+(?:\.\d+)+\s*"
    r"(?:->|→|=>|>|to|pra|para|pro)\s*v?\d+(?:\.\d+)+"
    r"|\b(?:until|till|ate)\s+(?:i\s+|eu\s+)?(?:pulled|updated|upgraded|atualizei|puxei"
    r"|dei (?:git )?pull|dei update)\b"
    r"|\b(?:since|desde)\s+(?:que\s+|q\s+)?(?:i\s+|eu\s+)?(?:puxei|dei (?:git )?pull|dei update)\b"
    r"|\b(?:dei|fiz)\s+(?:o\s+)?update\b"
    r"|\b(?:template|image|imagem)\s+(?:got\s+|was\s+|foi\s+)?(?:updated|atualizou|atualizad[ao])\b"
    r"|\b(?:switched|updated|changed)\s+the\s+(?:ai toolkit\s+)?template\b|\bnew image\b"
    r"|\bimagem nova\b|\b(?:since|desde|after|depois d[ao]|apos|apos a|apos o)\s+"
    r"(?:the\s+|a\s+|o\s+)?v?\d+\.\d+\.\d+\b|\b(?:versao|build|version) de (?:hoje|ontem)\b"
    r"|\b(?:today'?s|yesterday'?s) (?:build|version)\b"
    r"|\bgit checkout\s+v?\d|\b(?:commit|versao|version|release)\s+\S+\s+(?:broke|quebrou)\b"
    r"|\bpulled\s*(?:->|→|=>)"  # "pulled -> OOM"
    # "0.7.x -> latest"
    r"|\bv?\d+\.\d+(?:\.(?:\d+|x))?\s*(?:->|→|=>)\s*(?:latest|main|master|head)\b"
)
_VERSION: Final = re.compile(r"(?<![\w.])v?(\d+\.\d+\.\d+)(?![\w.])")


def _outside_training(reading: Reading) -> Hit | None:
    """Memory run out in another program, in the sentence that names it: "my lora OOMs in comfy
    when I load it", "joycaption comendo toda a vram", "o script de conversão dá OOM"; not a
    program open beside the training (another process), nor a training step's crash."""
    words = reading.tokens.words
    for oom in reading.of("oom"):
        if reading.negated(oom):
            continue
        first, last = reading.sentence_words(reading.sentence_of(oom.first))
        start, end = reading.span(first, max(first, last - 1))
        if _TRAINING_STEP.search(reading.low, start, end):
            continue
        said = reading.low[slice(*reading.span(oom.first, oom.last))]
        if not _MEMORY_WORD.search(said) and not _OUT_OF_MEMORY.search(reading.low, start, end):
            continue  # "joycaption keeps crashing on me": no memory told
        for program in _ELSEWHERE.finditer(reading.low, start, end):
            at = reading.word_at(program.start())
            if not _CLOSING.isdisjoint(words[max(0, at - 2) : at + 3]):
                continue  # "comfyui closed, nothing else running, still OOM"
            near, far = sorted((at, oom.first))
            # the program nearest the crash: not "works in comfy, but ai toolkit OOMs"
            if far - near <= _PROGRAM_REACH and _TRAINING.isdisjoint(words[near : far + 1]):
                return Hit("signal", OUTSIDE_TRAINING, at, at)
    return None


# Programs that use the finished LoRA or prepare the dataset, and what they do
_ELSEWHERE: Final = re.compile(
    r"\b(?:comfy|comfyui|forge|fooocus|a1111|automatic1111|auto1111|swarm|swarmui|invokeai"
    r"|draw things|diffusers|joycaption|florence|blip|wd14|tagger|captioner|captioning"
    r"|legendar|legendando|chainner|upscaling|upscalando|fazendo upscale|rembg|hires fix"
    r"|hi res fix|convert script|conversion script|script de conversao|convertendo"
    r"|converting (?:my |the |a )?lora)\b"
)
_PROGRAM_REACH: Final = 12
_MEMORY_WORD: Final = re.compile(r"oom|memor|vram|out of")
_TRAINING: Final = frozenset(
    {"training", "train", "trains", "trained", "treino", "treinar", "treinando", "treina"}
    | {"toolkit", "aitoolkit", "trainer", "treinamento", "samples", "amostras", "sampling"}
    | {"cache", "caching", "latents", "quantizing", "quantizando", "step", "passo"}
)
# A training step or the training itself told beside the crash
_TRAINING_STEP: Final = re.compile(
    r"\b(?:step|steps|passo|passos)\s*\d|\b(?:while|enquanto)\s+(?:\w+\s+)?(?:training|trains"
    r"|treina|treinando|treinava)\b"
)


def _ruled_out(reading: Reading, at: int, since: int) -> bool:
    """A "no", "not", "nada"… just before ``at``: "I don't run comfy while training"; not the
    Portuguese "no" ("gerar imagem no forge ao mesmo tempo": in Forge)."""
    none = _NONE_OPEN.search(reading.low, max(since, at - 16), at)
    if none is None:
        return False
    in_the = none.group().startswith("no ") and not none.group()[3:].strip()
    return not (in_the and guess_locale(reading.text, reading.tokens.words) == "pt-BR")


def _other_process_at(reading: Reading, char: int) -> Hit:
    at = reading.word_at(char)
    return Hit("signal", OTHER_PROCESS, at, at)


def signal_hits(reading: Reading) -> dict[str, Hit]:
    """The first words that raised each signal (all but the greeting, which needs the facts)."""
    found: dict[str, Hit] = {}
    for kind, told in ((OTHER_PROCESS, _TWO_PROCESSES), (SHARED_MEMORY_SPILL, _DEDICATED_SHARED)):
        seen = told.search(reading.low)
        if seen is None and kind == OTHER_PROCESS and _THIS_PROCESS.search(reading.low):
            # PyTorch names the run's own process "this process": a process named by its
            # number beside it is another one
            seen = _A_PROCESS.search(reading.low)
        if seen is not None and (kind == OTHER_PROCESS or not reading.has("oom")):
            # "8 dedicated + 15.9 shared, so why does it OOM?": a crash is no crawl
            at = reading.word_at(seen.start())
            found[kind] = Hit("signal", kind, at, at)
    full = _CARD_FULL.search(reading.low) or _smi_full(reading)
    if (
        full is not None
        and _SLOWED.search(reading.low)
        and not any(not reading.negated(h) for h in reading.of("oom"))
    ):
        # "dedicated GPU memory maxed and s/it goes from 3 to 45. No error", "a ram do pc vai lá
        # em cima e fica 10x mais lento": a crawl with the card full, told without the word
        at = reading.word_at(full.start())
        found.setdefault(SHARED_MEMORY_SPILL, Hit("signal", SHARED_MEMORY_SPILL, at, at))
    # an update told in the words of versions, when the lexicon's words do not tell it
    in_words = any(h.arg == REGRESSION_AFTER_UPDATE for h in reading.of("signal"))
    updated = None if in_words else _updated_before_it(reading)
    if updated is not None and of_another_person(reading, updated.first):
        updated = None  # "my friend updated torch and now his OOMs"
    shared = reading.of("shared_memory")
    two = _two_cards(reading) or _other_card_not_meant(reading)
    if two is not None:
        found[WRONG_GPU] = two
    beside = _run_beside(reading)
    if beside is not None:
        found[OTHER_PROCESS] = beside

    if not shared:
        for hit in reading.of("signal"):
            if _of_the_run(reading, hit):
                found.setdefault(hit.arg, hit)
        if updated is not None:
            found.setdefault(REGRESSION_AFTER_UPDATE, updated)
        return _unless_out_of_memory(reading, found)
    # "shared memory" in a container is /dev/shm; on a desktop GPU it is the spill.
    spill = DEV_SHM if reading.has("docker") else SHARED_MEMORY_SPILL
    for hit in reading.hits:
        if hit.kind == "signal" and _of_the_run(reading, hit):
            found.setdefault(hit.arg, hit)
        elif hit.kind == "shared_memory" and _of_the_run(reading, hit):
            found.setdefault(spill, hit)
    if updated is not None:
        found.setdefault(REGRESSION_AFTER_UPDATE, updated)
    return _unless_out_of_memory(reading, found)


def shm_set_large(reading: Reading, hit: Hit) -> bool:
    """The container's shared memory named as set, and set in gigabytes ("docker run
    --shm-size=24g … still CUDA OOM", "subi o --shm-size pra 16g", "shm_size: 32gb"): a flag of
    the setup, not the trouble (not "/dev/shm is 64M")."""
    start, end = reading.span(hit.first, hit.last)
    return "shm" in reading.low[start:end] and (
        _SET_IN_GIGABYTES.match(reading.low, end) is not None
        # "shm is plenty and RAM is fine. The error is CUDA OOM": told not to be the trouble
        or _PLENTY.match(reading.low, end) is not None
    )


# "CUDA_VISIBLE_DEVICES=0 python run.py …", "export CUDA_VISIBLE_DEVICES=0": a launch line's
_SET_TO_A_CARD: Final = re.compile(
    r"""(?<=devices)\s*(?:['"]\s*\])?\s*[=:]\s*['"]?\d['"]?\s*(?:python|accelerate|bash|uv|conda"""
    r"""|[a-z_]+=|\./|&&|\\|\n|;|`)"""
)
# …unless the message tells the card chosen is not the one used
_NOT_THE_CARD_CHOSEN: Final = re.compile(
    r"\b(?:but|mas|still|continua|continuo|mesmo assim|ignora|ignores|ignored|wrong|errad[ao]"
    r"|instead|em vez|thought|achei|achava|meant|should|deveria|nao (?:ta |esta )?funciona"
    r"|doesn'?t work|not working|qual placa|which (?:gpu|card)|nao mudou|didn'?t change"
    r"|no effect|sempre|always)\b"
)
_FROM_ELSEWHERE: Final = re.compile(
    r"[^.\n]{0,20}?\b(?:wasn'?t from|was not from|isn'?t from|is not from|came from another"
    r"|is from another|was from another|from a different|e de outro|era de outro|veio de outro)\b"
)
_A_CARD_CORRECTED: Final = re.compile(
    r"[\s,.:;!-]*(?:lol\s*|kkk\w*\s*)?"
    # "wrong card in my last msg, sorry — it's a 3080", "placa errada na msg anterior, é a 3060"
    r"(?:(?:in|on|na|no) (?:my|the|a|o) (?:last|previous|anterior|ultima)? ?(?:msg|message|post"
    r"|mensagem)(?: anterior)?[\s,.:;!-]*(?:sorry|desculpa|foi mal)?[\s,.:;!—–-]*)?"
    r"(?:it'?s|its|it is|e|eh|era)\s+(?:a|an|the|o|uma|um)?\s*"
    r"(?:rtx\s+|gtx\s+)?\d{4}"
)
_PLENTY: Final = re.compile(
    r"[ \t]*(?:is|was|e|ta|esta|tambem|too)?[ \t]*(?:plenty|fine|ok|okay|enough|big enough"
    r"|not the (?:issue|problem)|sobrando|de boa|tranquil[oa]|suficiente|nao e o problema)\b"
)
_SET_IN_GIGABYTES: Final = re.compile(
    r"[ \t]*(?:=|:|to|pra|para|is|em|de)?[ \t]*['\"]?[1-9]\d*[ \t]*(?:g|gb|gi|gib|giga|gigas)\b"
)


def _only_asked_about(reading: Reading, hit: Hit) -> bool:
    """Shared GPU memory asked about or heard of, with no slowdown nor reading of one's own told:
    "is that what shared memory is?", "li que o Windows usa a memória compartilhada"."""
    if reading.has("speed") or _A_RATE.search(reading.low):
        return False  # "90 s per step… someone said it's the sysmem fallback?"
    sentence = reading.sentence_of(hit.first)
    if any(ch.isdigit() for ch in reading.text_of_sentence(hit.first)):
        return False  # "dedicated 7.9/8.0, shared 5.2?": a reading of one's own
    heard = any(h.kind == "hearsay" and h.first < hit.first for h in reading.in_sentence(sentence))
    # a question of what it means or what it does to the LoRA, not "why is it so high?"
    return heard or (reading.question(hit.first) and reading.has(*_ASKED_OF_IT))


_ASKED_OF_IT: Final = ("quality", "explain", "accumulation")
_A_RATE: Final = re.compile(
    r"\d\s*(?:s|sec|secs|seconds|seg|segundos|min|minutos|minutes)\s*(?:/|per|por|a|an)\s*"
    r"(?:it|step|passo|iteration)|\d\s*it\s*/\s*s\b"
)


def _of_the_run(reading: Reading, hit: Hit) -> bool:
    """Told of one's own run, not ruled out ("not a wrong-GPU thing", "não é gpu errada") nor
    said of someone else's run ("my friend's gets Killed while loading, mine doesn't")."""
    if reading.negated(hit) or (hit.arg in (OOM_KILLER, DEV_SHM) and superseded(reading, hit)):
        return False
    spill = hit.kind == "shared_memory" or hit.arg == SHARED_MEMORY_SPILL
    if spill and not reading.has("docker") and _only_asked_about(reading, hit):
        return False  # "usar a memória compartilhada deixa a lora pior?", "heard that…"
    end = reading.span(hit.first, hit.last)[1]
    if hit.arg == OTHER_PROCESS and (
        _CLEAN_CARD.match(reading.low, end)
        or _closed_for_it(reading, hit)
        or _elsewhere(reading, hit)
        or _its_own_peak(reading, hit)
        or _smi_of_the_run(reading, hit)
    ):
        # "nvidia-smi shows 300MB used before I start", "closed comfy, still OOM": nothing else
        # on the card
        return False
    if hit.arg == WRONG_GPU and (
        _AS_MEANT.search(reading.low)
        or _A_BUCKET.match(reading.low, end)
        # "o cache dos latentes no disco em vez da memória": no card put in place of another
        or _NOT_A_CARD.match(reading.low, end)
        # "CUDA_VISIBLE_DEVICES=0 python run.py …": the card chosen, as a launch line sets it
        or (
            _SET_TO_A_CARD.match(reading.low, end) is not None
            and not _NOT_THE_CARD_CHOSEN.search(reading.low)
        )
    ):
        return False  # "it lands on the 1536 bucket", "runs on cuda:1 on purpose"
    if hit.arg == OOM_KILLER and ended_by_them(reading, hit):
        return False  # "closed comfyui, killed every python": what they ended, not the kernel
    if hit.arg == OOM_KILLER and _FROM_ELSEWHERE.match(reading.low, end):
        return False  # "the exit 137 wasn't from the training run", "é de outro container"
    if hit.arg == WRONG_GPU and _A_CARD_CORRECTED.match(reading.low, end):
        return False  # "wrong card lol its a 3090 not a 4090", "placa errada, é a 3060 de 12"
    if hit.arg == DEV_SHM and shm_set_large(reading, hit):
        return False  # "docker run --shm-size=24g … CUDA out of memory": a flag, not the trouble
    if hit.arg == REGRESSION_AFTER_UPDATE and _NOT_UPDATED.search(reading.low):
        return False  # "you said it broke after the update, but I haven't updated in a month"
    # another person's job on one's card is the trouble itself ("my brother was gaming on it")
    return hit.arg == OTHER_PROCESS or not of_another_person(reading, hit.first)


def _smi_of_the_run(reading: Reading, hit: Hit) -> bool:
    """nvidia-smi told showing only a reading of the card's memory ("nvidia-smi shows memory at
    98%, then it dies", "mostra 11.8/12.0"), not a program or memory held by something else."""
    if reading.tokens.words[hit.first] != "nvidia":
        return False
    return _OWN_READING.match(reading.low, reading.span(hit.first, hit.last)[1]) is not None


_OWN_READING: Final = re.compile(
    r"\s*(?:the\s+|a\s+|o\s+)?(?:(?:gpu|vram|memory|memoria|usage|uso)\s+)?"
    r"(?:(?:at|a|em|of|de|in)\s+)?~?\d+(?:[.,]\d+)?\s*(?:%|/\s*\d)"
)


def _closed_for_it(reading: Reading, hit: Hit) -> bool:
    """The program was closed for training, and nothing went well after that in the sentence:
    "fechei chrome, discord, tudo que usa aceleracao de hardware", "I keep ComfyUI running, but I
    shut it down for training"; not "when I close chrome it works" (closing it is what helps),
    nor "fechei o terminal, mas o processo continuou rodando"."""
    sentence = reading.sentence_of(hit.first)
    first, end = reading.sentence_words(sentence)
    words = reading.tokens.words
    breaks = [h.first for h in reading.of("brk")]
    negated = {h.last + 1 for h in reading.of("neg")}
    closed = [
        i
        for i in range(first, end)
        if words[i] in _CLOSING
        and i not in negated  # "nunca fechei", "didn't close it"
        and (
            (i < hit.first and not any(i < b < hit.first for b in breaks))
            or (i > hit.last and any(hit.last < b < i for b in breaks))  # "…, but I shut it"
        )
    ]
    if not closed or any(hit.first <= i <= hit.last for i in closed):
        return False
    return not any(
        h.first > closed[0] and reading.sentence_of(h.first) == sentence
        for kind in ("fixed", "fine", "gone")
        for h in reading.of(kind)
    )


_CLOSING: Final = frozenset(
    {"closed", "shut", "quit", "fechei", "fechado", "fechados", "encerrei", "matei"}
)


def _elsewhere(reading: Reading, hit: Hit) -> bool:
    """The program runs on the other of two cards named: "deixo o comfy rodando na 3060 ti e o
    treino na 3090"."""
    cards = reading.of("gpu")
    if len({reading.tokens.words[h.last] for h in cards}) < 2:
        return False
    between = reading.tokens.words[hit.last + 1 : hit.last + _ON_A_CARD]
    return any(0 < card.first - hit.last < _ON_A_CARD for card in cards) and _SAME.isdisjoint(
        between
    )


_ON_A_CARD: Final = 5
_SAME: Final = frozenset({"same", "mesma", "mesmo"})


def ended_by_them(reading: Reading, hit: Hit) -> bool:
    """ "Killed" told of what the person ended, not of the kernel: "closed comfyui, killed every
    python", "I killed the old process"."""
    start, end = reading.span(hit.first, hit.last)
    if _KILLED_A_RUN.match(reading.low, end) and not reading.said_before(_BY_THE_SYSTEM, start, 24):
        return True  # "the final samples killed my 6h run": a crash told, not the kernel's kill
    return bool(_KILLED_WHAT.match(reading.low, end) or reading.said_before(_I_KILLED, start, 12))


_KILLED_WHAT: Final = re.compile(
    r"\s+(?:off\s+)?(?:every|all|any|other|those|these|stray|zombie|leftover|old)\b"
)
_KILLED_A_RUN: Final = re.compile(
    r"\s+(?:my|the|this|that|a|an|our)\s+(?:[\w.-]+\s+){0,2}?(?:run|training|job|lora|progress)\b"
)
_BY_THE_SYSTEM: Final = re.compile(
    r"\b(?:kernel|oom killer|oom-killer|linux|system|sistema|windows|os|docker|container|oomd)"
    r"\s+(?:\w+\s+)?$"
)
_I_KILLED: Final = re.compile(r"\b(?:i|we|i've|ive|then|also)\s+$")
_NOT_UPDATED: Final = re.compile(
    r"\b(?:haven'?t|have not|didn'?t|did not|never) (?:updated|pulled|touched the install)"
    r"|\bnao (?:atualizei|dei pull|fiz pull)"
)


def _unless_out_of_memory(reading: Reading, found: dict[str, Hit]) -> dict[str, Hit]:
    """Another error told beside running out of memory is not what the run stops on: "CUDA error:
    out of memory … Compile with TORCH_USE_CUDA_DSA to enable device-side assertions". Memory
    run out in another program is told only when nothing else outside the guide is."""
    if not found:
        elsewhere = _outside_training(reading)
        if elsewhere is not None:
            found[OUTSIDE_TRAINING] = elsewhere
    if OTHER_ERROR in found and _out_of_memory_told(reading):
        del found[OTHER_ERROR]
    spill = found.get(SHARED_MEMORY_SPILL)
    crashed = spill is not None and _out_of_memory_told(reading)
    if crashed and (
        (
            _CUDA_OUT_OF_MEMORY.search(reading.low)
            and not reading.has("speed", "slow")
            and not _CRAWLING.search(reading.low)
        )
        # "turned off the Sysmem Fallback Policy because it crawled, now it OOMs": the spill
        # is what was switched off (not "if I set it to Prefer No Sysmem Fallback, will it…?")
        or any(
            not reading.question(reading.word_at(m.start()))
            and reading.said_before(_IF, m.start(), 24) is None
            for m in _FALLBACK_OFF.finditer(reading.low)
        )
    ):
        # "Dedicated GPU memory 7.8/8.0, Shared 0.3/15.9 … torch.OutOfMemoryError": the card ran
        # out and the run stopped; a spill slows a run down instead of stopping it
        del found[SHARED_MEMORY_SPILL]
    update = found.get(REGRESSION_AFTER_UPDATE)
    if update is not None and (
        _fine_since(reading, update)
        # "updated the driver thinking it would fix it, e nada", "rolled back and it still
        # OOMs, so it's not that": the update was a try, not the cause
        or _NOT_THE_UPDATE.search(reading.low) is not None
        # "where is GC in the new UI? it moved after the update": the screen changed, nothing broke
        or (reading.has("where") and not reading.has("oom", "speed", "trouble", "vram"))
        # "planning to update this weekend", "vale a pena atualizar?": an update not done yet
        or (
            _UPDATE_AHEAD.search(reading.low) is not None
            and (
                _UPDATE_WEIGHED.search(reading.low) is not None
                or not any(not reading.negated(h) for h in reading.of("oom"))
            )
        )
        # "pulled latest. help", "dei git pull. socorro": an update, and nothing told wrong yet
        or (
            len(reading.tokens.words) <= _A_CRY
            and not reading.has(*_SYMPTOMS)
            and _BROKE.isdisjoint(reading.tokens.words)
        )
        # "since updating my LoRA comes out worse", "a versão nova mostra batch efetivo, tá
        # certo?", "depois do update deu ruim": no memory trouble told, whatever else is
        or (
            not _memory_trouble(reading)
            and _BROKE.isdisjoint(reading.tokens.words)
            and OTHER_ERROR not in found  # "driver too old" after an update: it broke it
        )
    ):
        del found[REGRESSION_AFTER_UPDATE]
    return found


_UPDATE_AHEAD: Final = re.compile(
    r"\b(?:planning to|plan to|going to|gonna|will|vou|pretendo|worth|vale a pena|should i|devo"
    r"|thinking of|pensando em)\s+(?:\w+\s+){0,2}?(?:update|upgrade|atualizar|updating|upgrading"
    r"|pull)\b|\bshould i (?:just )?update\b|\batualizo\b|\bpra atualizar\b"
)


# An update weighed against a change of settings: "should I update or change settings?"
_UPDATE_WEIGHED: Final = re.compile(
    r"\b(?:update|upgrade) or (?:change|tweak|mess)|\batualizo ou\b|\batualizar ou (?:mexer|mudar)"
)


def _memory_trouble(reading: Reading) -> bool:
    """Memory trouble, or a run slowed down, told and not denied: "OOMs since the pull", "eats
    all 16GB now", "6x slower after updating", "ficou mais pesado"; or the trouble of the
    conversation carried on ("> CUDA OOM? / só depois que atualizei", "isso só começou…")."""
    rolled_back = not _ROLLED_BACK.isdisjoint(reading.tokens.words)
    return (
        any(not reading.negated(h) for kind in _MEMORY_TROUBLE for h in reading.of(kind))
        # "voltei pra versão anterior e o OOM sumiu": the crash the update brought, gone since
        or (rolled_back and _OUT_OF_MEMORY.search(reading.low) is not None)
        or _HEAVIER.search(reading.low) is not None
        or reading.low.lstrip().startswith(">")
    )


_MEMORY_TROUBLE: Final = ("oom", "vram", "ram", "shared_memory", "speed")
_HEAVIER: Final = re.compile(
    r"\b(?:mais pesad[oa]|heavier|more (?:memory|vram)|mais (?:memoria|vram)|uses more|usa mais"
    r"|cabia|used to fit|no longer fits|nao cabe mais|estoura\w*|crawl\w*|lent[oa]s?|slow\w*"
    r"|\d+x (?:slower|mais lent[oa]s?)|(?:so|only) (?:depois|after|since|desde)"
    r"|same (?:thing|here|issue|problem|error)|mesm[oa] (?:coisa"
    r"|problema|erro)"
    r"|(?:isso|this|it|that|o problema|the problem|the issue) (?:so |only )?(?:comecou|started"
    r"|began)|(?:comecou|started|began) (?:depois|after|since|desde))\b"
)
_A_CRY: Final = 6
_BROKE: Final = frozenset(
    {"broke", "broken", "breaks", "quebrou", "quebrado", "quebrada", "crash", "crashes", "crashed"}
    | {"crasha", "crashou", "error", "erro", "dies", "died", "morre", "morreu", "fails", "failed"}
)
_SYMPTOMS: Final = ("oom", "speed", "vram", "ram", "still", "no_effect", "shared_memory", "quality")
_IF: Final = re.compile(r"\b(?:if|se|caso)\b")
_FALLBACK_OFF: Final = re.compile(
    r"\b(?:turned off|disabled|switched off|desativei|desliguei|prefer no)\W+(?:the\s+|o\s+|a\s+)?"
    r"(?:cuda\W+)?(?:sysmem|system memory) fallback"
)
_CRAWLING: Final = re.compile(r"s/it\b|\bcrawl|\blent[oa]|\bslow|\blerd")
_CUDA_OUT_OF_MEMORY: Final = re.compile(
    r"\b(?:cuda (?:error: )?(?:out of memory|oom)|outofmemoryerror)"
)


def _out_of_memory_told(reading: Reading) -> bool:
    """Running out of memory told as what happened: not denied, nor only wondered about ("illegal
    memory access lmao is that an oom?", "achei que era falta de vram"). Its words may be an
    error's own ("CUDNN_STATUS_NOT_ENOUGH_MEMORY")."""
    return any(
        not (_denied(reading, m.start()) or _wondered(reading, m.start()))
        for m in _OUT_OF_MEMORY.finditer(reading.low)
    )


def _wondered(reading: Reading, start: int) -> bool:
    """Whether it is memory asked ("is this an out of memory thing?", "será que é oom?") or only
    supposed before finding otherwise ("I thought it was an OOM since it says out of space")."""
    before = reading.low[max(0, start - 32) : start]
    if _SUPPOSED.search(before):
        return True
    return reading.question(reading.word_at(start)) and bool(_ASKED_IF.search(before))


_ASKED_IF: Final = re.compile(
    r"\b(?:is|was|isn'?t|could|might|would) (?:this|that|it)(?: error| thing)?"
    r"(?: be| really| just| also| not)? (?:an? |the |some |just an? )?$"
    r"|\b(?:same(?: thing)? as|related to|kind of|sort of) (?:an? |the )?$"
    r"|\b(?:am i|are we|is it|did i|did it)(?: just| really| actually)? (?:running |run )?$"
    r"|\b(?:e|eh|seria|sera q(?:ue)?(?: e| eh)?|isso e|isso eh) (?:um |uma |o |a |por )?$"
)
_SUPPOSED: Final = re.compile(
    r"\b(?:thought|assumed|figured) (?:it was|it's|its|this was) (?:an? |the )?$"
    r"|\b(?:achei|pensei) (?:q|que) (?:era|fosse|tava dando) (?:um |uma |o |a )?$"
)


def _denied(reading: Reading, start: int) -> bool:
    """Running out of memory said not to be it: "não é falta de memória", "so it cant be oom"."""
    at = reading.word_at(start)
    return any(reading.negated(h) for h in reading.hits if h.first == at) or bool(
        reading.said_before(_CANNOT_BE, start, 24)
    )


_CANNOT_BE: Final = re.compile(
    r"\b(?:can'?t|cannot|couldn'?t|nao pode|nao deve|nao parece) (?:be|ser) (?:an? |um |uma )?$"
)


def _fine_since(reading: Reading, update: Hit) -> bool:
    """Runs went fine after the update, in the sentence that tells it: "updated last week and
    did four runs since then without any issue", "desde a atualização já fiz cinco LoRAs de
    boa". What broke later broke for another reason."""
    sentence = reading.sentence_of(update.first)
    if _ROLLED_BACK.intersection(reading.tokens.words[update.first : update.last + 1]):
        return False  # "rolled back to the old commit and it's fine again": the update broke it
    if any(reading.sentence_of(o.first) == sentence for o in reading.of("oom")):
        return False  # "since the update it was fine at first, then OOM at step 200"
    turns = [
        h.first
        for h in reading.of("now")
        if reading.sentence_of(h.first) == sentence and reading.words(h) not in _SINCE_THEN
    ]
    return any(
        h.kind == "fine"  # not "no error, just 10x slower since the update"
        and h.first > update.last
        and reading.sentence_of(h.first) == sentence
        and not reading.negated(h)
        # "since the update low_vram does nothing, was fine before", "pulled the latest this
        # morning, and the same config ran fine yesterday": fine before it, not since
        and _BEFORE_IT.isdisjoint(
            w
            for i, w in enumerate(reading.tokens.words[h.last + 1 : h.last + 4], h.last + 1)
            if reading.sentence_of(i) == sentence
        )
        # "the job that finished yesterday now can't even load": fine before, not since
        and not any(turn > h.last for turn in turns)
        for h in reading.hits
    )


_SINCE_THEN: Final = frozenset({"desde entao", "since then", "ever since"})
_BEFORE_IT: Final = frozenset(
    {"before", "antes", "previously", "anteriormente", "yesterday", "ontem", "earlier", "last"}
    | {"passada", "passado", "friday", "sexta", "weeks", "semanas", "months", "meses"}
)
_NOT_THE_UPDATE: Final = re.compile(
    r"\b(?:update|updated|updating|atualizei|atualizar|atualizacao|driver)\b[^.!?\n]{0,60}"
    r"(?:fixed nothing|didn'?t fix|did not fix|didn'?t help|nao resolveu|e nada\b|[,.;] nada\b"
    r"|(?<!mais )nada mudou"
    r"|achando que ia resolver|thinking it would (?:fix|help))"
    r"|\b(?:rolled back|reverted|voltei (?:pro|para o|pra) (?:commit|versao))[^.!?\n]{0,50}"
    r"\b(?:still|continua|mesmo (?:erro|oom))"
    r"|\b(?:nao (?:e|eh|foi) (?:isso|o update|a atualizacao)|(?:it'?s|its) not the update)\b"
    # "updated the nvidia driver to the latest, same OOM": a try that changed nothing
    r"|\b(?:updated|upgraded|atualizei)\s+(?:the\s+|my\s+|o\s+)?(?:nvidia\s+)?drivers?\b"
    r"[^.!?\n]{0,40}?\b(?:(?:same|mesmo) (?:oom|error|erro|crash)|still (?:oom|crash|dies)"
    r"|continua (?:dando|o oom|estourando))"
)
_ROLLED_BACK: Final = frozenset({"rolled", "reverted", "voltei", "downgrade", "downgraded"})


def superseded(reading: Reading, hit: Hit) -> bool:
    """The system's memory ran out before, and now it is the card's: "it used to get Killed
    while caching, added swap, now it's CUDA out of memory at step 1"."""
    end = reading.span(hit.first, hit.last)[1]
    return _NOW_THE_CARDS.search(reading.low, end) is not None


def _its_own_peak(reading: Reading, hit: Hit) -> bool:
    """ "nvidia-smi shows all 24 in use right before it dies": the run's own memory at its peak,
    not another program's."""
    return reading.tokens.words[hit.first] == "nvidia" and bool(
        _RIGHT_BEFORE_IT_DIES.search(reading.text_of_sentence(hit.first).lower())
    )


_RIGHT_BEFORE_IT_DIES: Final = re.compile(
    r"\b(?:right|just) before (?:it|the (?:job|run|training)) (?:dies|crashes|ooms|oom'?s|blows)"
    r"|\bantes de (?:morrer|estourar|crashar|dar (?:o )?oom)|\bate uns minutos antes\b"
    r"|\bna hora (?:que|q) (?:morre|estoura|crasha)"
)
_NOT_A_CARD: Final = re.compile(
    r"\s*(?:the |a |o )?(?:memoria|memory|ram|disco|disk|ssd|cpu|vram|cache|pasta|folder)\b"
)
_CLEAN_CARD: Final = re.compile(
    r"\s*(?:(?:the|a) \w+(?: \w+)? (?:at|with|com|em) )?"  # "shows the 4090 at 0 MiB used"
    r"(?:only |just |so |apenas |uns |about |like )?(?:\d+(?:[.,]\d+)?\s*(?:mb|mib)\b"
    r"|nothing|nada|no (?:other )?process|no running|empty|vazia|zero"
    r"|(?:o |the )?(?:python|process|processo) (?:do treino|of the training|from training))"
)
_NOW_THE_CARDS: Final = re.compile(
    r"\b(?:now|agora|instead|hoje|dessa vez|this time|mine'?s different|mine is different"
    r"|o meu (?:e|eh) (?:outra coisa|diferente)|comigo (?:e|eh) diferente"
    r"|not what i'?m (?:seeing|getting)|(?:not|isn'?t) my (?:case|problem|issue)"
    r"|nao (?:e|eh) (?:o )?meu (?:caso|problema))\b[^?]{0,120}?"
    r"(?:cuda (?:error: )?out of memory|cuda oom|outofmemoryerror)"
)


_OUT_OF_MEMORY: Final = re.compile(
    r"\bout ?of ?memory|\boom(?:s|ed|ing|ou|ando)?\b|alloc\w*[ _]failed\b|\bmemoria insuficiente\b"
    r"|(?<![a-z])not[ _]enough[ _]memory\b"
    r"|\bsem memoria\b|\bfalta de (?:vram|memoria)\b"
)
